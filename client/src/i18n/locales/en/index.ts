/// <reference types="vite/client" />
// (The tests workspace type-checks this file too, without the client's vite types.)
// Every area file of this language, new ones included without a change here.
const areas = import.meta.glob<Record<string, string>>(['./*.ts', '!./index.ts'], {
  eager: true,
  import: 'default',
})

/** Every text of this language: each area file holds keys prefixed by its area. */
export default Object.assign({}, ...Object.values(areas)) as Record<string, string>
