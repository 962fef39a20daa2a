import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { writeCurrentStock, type StockRef } from '../../realtime/stock-ref'

/** The path of a stock's detail screen. */
export const stockPath = (code: string): string => `/quotes/info?code=${encodeURIComponent(code)}`

/** Opens a stock's detail, remembering it under the spec's `stock` key first. */
export function useOpenStock(): (stock: StockRef) => void {
  const navigate = useNavigate()
  return useCallback(
    (stock: StockRef) => {
      writeCurrentStock(stock)
      navigate(stockPath(stock.code))
    },
    [navigate],
  )
}
