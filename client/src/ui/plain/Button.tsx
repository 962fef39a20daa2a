import type { ButtonHTMLAttributes } from 'react'

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text'
  size?: 'small' | 'medium' | 'large'
  /** In the text colour around it rather than the primary colour (MUI's `color="inherit"`). */
  inherit?: boolean
  fullWidth?: boolean
}

/** MUI's Button as a plain `button` with plain.css: for the screens that load before MUI. */
export function Button({
  variant = 'text',
  size = 'medium',
  inherit = false,
  fullWidth = false,
  className,
  type = 'button',
  ...rest
}: Props) {
  const classes = [
    'k-btn',
    variant !== 'text' && `k-btn-${variant}`,
    size !== 'medium' && `k-btn-${size}`,
    inherit && 'k-btn-inherit',
    fullWidth && 'k-btn-full',
    className,
  ]
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...rest} />
}
