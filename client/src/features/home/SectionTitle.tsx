import type { ReactNode } from 'react'

/**
 * A section heading with something on its right (a status, a "more" link). Plain elements
 * (plain.css `k-section-title`): home alone shows nine of them.
 */
export function SectionTitle({ title, right }: { title: ReactNode; right?: ReactNode }) {
  return (
    <div className="k-section-title">
      <h2>{title}</h2>
      {right}
    </div>
  )
}
