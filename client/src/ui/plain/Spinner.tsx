/** The circle's length (r = 20.2): a determinate spinner draws `value` % of it. */
const CIRCUMFERENCE = 2 * Math.PI * 20.2

/**
 * MUI's CircularProgress drawn by CSS (plain.css): a spinner with no theme. Named by `label` when
 * it is what says "loading"; hidden when the element around it says so. With `value` (0–100) it
 * stands still and draws that much of its circle, as MUI's determinate variant (a pull's progress).
 */
export function Spinner({
  size = 40,
  label,
  inherit = false,
  value,
}: {
  size?: number
  label?: string
  /** In the text colour around it (a button, the dark loading toast), not the primary colour. */
  inherit?: boolean
  value?: number
}) {
  const determinate = value !== undefined
  return (
    <span
      className={inherit ? 'k-spinner k-spinner-inherit' : 'k-spinner'}
      data-determinate={determinate || undefined}
      style={{ width: size, height: size }}
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg viewBox="22 22 44 44" width={size} height={size}>
        <circle
          cx="44"
          cy="44"
          r="20.2"
          fill="none"
          strokeWidth="3.6"
          style={
            determinate
              ? {
                  strokeDasharray: CIRCUMFERENCE,
                  strokeDashoffset: ((100 - value) / 100) * CIRCUMFERENCE,
                }
              : undefined
          }
        />
      </svg>
    </span>
  )
}
