import type { RequestHandler } from 'express'
import { z } from 'zod'
import type { VueRouteInfo } from './vue-router'

// The OpenAPI 3.1 document of the broker API (/api/vue), made from the route table itself: every
// registered call with the zod schema its form is parsed with, so the document cannot drift from
// what the router accepts. DESIGN.md asked for it; `GET /api/docs` serves it.

type JsonSchema = Record<string, unknown>

/**
 * A form's JSON Schema (2020-12, OpenAPI 3.1's dialect), as the phone sends it: before parsing.
 * A field no JSON can carry (`z.instanceof`: the uploaded photo) is a binary part of a multipart form.
 */
function formOf(schema: z.ZodType | null): { mediaType: string; schema: JsonSchema } {
  // A call registered without a schema takes any form (the route-table test refuses new ones).
  if (!schema) return { mediaType: FORM, schema: { type: 'object' } }
  let file = false
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type !== 'custom') return
      file = true
      Object.assign(ctx.jsonSchema, {
        type: 'string',
        contentMediaType: 'application/octet-stream',
      })
    },
  })
  return { mediaType: file ? 'multipart/form-data' : FORM, schema: json }
}

const FORM = 'application/x-www-form-urlencoded'

const ENVELOPE: JsonSchema = {
  type: 'object',
  description: 'Every answer: status 1 with data, or status 0 with a message key in msg.',
  required: ['status', 'msg'],
  properties: {
    status: { enum: [0, 1] },
    msg: { type: 'string' },
    data: {},
  },
}

function operation(route: VueRouteInfo) {
  const form = formOf(route.schema)
  const envelope = { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } }
  return {
    tags: [route.path.split('/')[1]],
    ...(route.rateLimited ? { 'x-rate-limited': true } : {}),
    security: route.auth ? [{ token: [], account: [] }] : [],
    requestBody: { content: { [form.mediaType]: { schema: form.schema } } },
    responses: {
      200: route.file
        ? {
            description: 'The file (its type in Content-Type), or the envelope of a refusal.',
            content: { 'application/octet-stream': {}, ...envelope },
          }
        : { description: 'The envelope.', content: envelope },
      ...(route.auth ? { 401: { description: 'No live session.', content: envelope } } : {}),
    },
  }
}

/** The document: one POST operation per registered call, at its full path. */
export function openApiDocument(routes: readonly VueRouteInfo[], version: string) {
  const paths = Object.fromEntries(routes.map((r) => [`/api/vue${r.path}`, { post: operation(r) }]))
  return {
    openapi: '3.1.0',
    info: {
      title: 'kabu-mobile broker API',
      version,
      description:
        'The customer calls of API.md: form-encoded POSTs (a photo upload multipart) answered in one envelope.',
    },
    paths,
    components: {
      schemas: { Envelope: ENVELOPE },
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        account: { type: 'apiKey', in: 'header', name: 'account' },
      },
    },
  }
}

/** `GET /api/docs`: the document, made once from the routes registered at start. */
export function openApiHandler(routes: readonly VueRouteInfo[], version: string): RequestHandler {
  let document: string | undefined
  return (_req, res) => {
    document ??= JSON.stringify(openApiDocument(routes, version))
    res.type('application/json').send(document)
  }
}
