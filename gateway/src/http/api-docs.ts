import { z } from 'zod'
import { MARKET_QUERIES } from '../market/query-schemas'
import type { BrokerRouteInfo } from './broker-router'

// GET /api/docs: an OpenAPI 3.1 document of /api/vue and /api/market, made from the same zod schemas
// that parse each call's form or query, so it cannot describe a field the server does not read.
// zod 4's own z.toJSONSchema does the conversion (OpenAPI 3.1 speaks JSON Schema 2020-12); the
// input side of each schema is shown, since that is what a caller sends.

type JsonSchema = Record<string, unknown>

const FORM = 'application/x-www-form-urlencoded'

/** A schema as a caller sends it; a field no JSON can carry (`z.instanceof`: an uploaded photo) marks a file. */
function inputSchema(schema: z.ZodType): { json: JsonSchema; file: boolean } {
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
  }) as JsonSchema
  return { json, file }
}

const ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['status', 'msg'],
  properties: {
    status: { enum: [0, 1], description: '1: done; 0: refused, `msg` says why' },
    msg: { type: 'string', description: 'a message key of shared/src/api/messages.ts' },
    data: { description: "the call's answer (API.md)" },
  },
}

const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
})

function brokerCall(route: BrokerRouteInfo) {
  const form = route.schema ? inputSchema(route.schema) : { json: { type: 'object' }, file: false }
  return {
    post: {
      operationId: route.path,
      tags: [route.path.split('/')[1] ?? ''],
      ...(route.auth && { security: [{ token: [], account: [] }] }),
      requestBody: {
        required: false,
        content: { [form.file ? 'multipart/form-data' : FORM]: { schema: form.json } },
      },
      responses: {
        '200': route.file
          ? { description: 'the file (text/csv), or the envelope with a refusal' }
          : answer('the envelope: done or refused'),
        ...(route.auth && { '401': answer('please_login_again: no live session') }),
        ...(route.rateLimited && { '429': answer('too many calls from this address') }),
      },
    },
  }
}

function marketRead(schema: z.ZodType) {
  const { properties = {}, required = [] } = inputSchema(schema).json as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return {
    get: {
      tags: ['market'],
      parameters: Object.entries(properties).map(([name, property]) => ({
        name,
        in: 'query',
        required: required.includes(name),
        schema: property,
      })),
      responses: {
        '200': answer('the envelope with the data'),
        '400': answer('invalid_input'),
        '404': answer('not_found: no such code'),
      },
    },
  }
}

/** The document, made once per gateway from its route table. */
export function openApiDocument(brokerRoutes: readonly BrokerRouteInfo[], version: string) {
  const paths: Record<string, unknown> = {}
  for (const route of brokerRoutes) paths[`/api/vue${route.path}`] = brokerCall(route)
  for (const [path, schema] of Object.entries(MARKET_QUERIES)) {
    paths[`/api/market${path}`] = marketRead(schema)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'kabu-mobile gateway',
      version,
      description:
        '/api/vue: the broker (POST forms, the {status, msg, data} envelope, API.md). ' +
        '/api/market: market data (GET). Generated from the zod schemas that parse each call.',
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
