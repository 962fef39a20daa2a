/**
 * Placeholder rows with the shape of `LiveQuoteRow` while a list loads: MUI's Skeleton look in
 * plain elements (app.css `k-skeleton`). It shows in the very commit that first paints home,
 * twice (popular and rankings), where a list of MUI Skeletons was some 110 styled components.
 */
export function QuoteRowSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="k-skeleton-row">
          <div>
            <span className="k-skeleton k-skeleton-text" style={{ width: '60%', height: 22 }} />
            <span className="k-skeleton k-skeleton-text" style={{ width: '30%', height: 16 }} />
          </div>
          <span className="k-skeleton k-skeleton-text" style={{ width: 80, height: 24 }} />
          <span className="k-skeleton" style={{ width: 76, height: 28 }} />
        </div>
      ))}
    </div>
  )
}
