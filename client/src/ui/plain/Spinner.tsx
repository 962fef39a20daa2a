/**
 * MUI's CircularProgress drawn by CSS (plain.css): a spinner with no theme. Named by `label` when
 * it is what says "loading"; hidden when the element around it says so.
 */
export function Spinner({
  size = 40,
  label,
  inherit = false,
}: {
  size?: number
  label?: string
  /** In the text colour around it (a button, the dark loading toast), not the primary colour. */
  inherit?: boolean
}) {
  return (
    <span
      className={inherit ? 'k-spinner k-spinner-inherit' : 'k-spinner'}
      style={{ width: size, height: size }}
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg viewBox="22 22 44 44" width={size} height={size}>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  )
}
