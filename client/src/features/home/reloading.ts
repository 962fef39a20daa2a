/** Loading again what is already shown (a first load has its skeletons instead of the spinner). */
export const reloading = (query: { loading: boolean; data: unknown }): boolean =>
  query.loading && query.data !== undefined
