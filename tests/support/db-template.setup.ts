import { makeTemplate, TEMPLATE_ENV } from './db-template'

/**
 * vitest globalSetup of the gateway project: one migrated template for the run, named in the
 * environment the test workers inherit (freshDatabase({ migrated: true }) copies it), removed at
 * the end.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL
  const template = await makeTemplate(adminUrl)
  const variable = adminUrl ? TEMPLATE_ENV.postgres : TEMPLATE_ENV.sqlite
  process.env[variable] = template.location
  return async () => {
    delete process.env[variable]
    await template.remove()
  }
}
