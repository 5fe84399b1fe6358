import { apiRoutes, type RouteDefinition } from '@flashcards/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../src/plugins/multipart';
import { buildTestApp, type TestApp } from './build-app';
import { buildCard, buildCategory, buildUser, PASSWORD } from './factories';
import { formData, utf16FormData } from './multipart';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  invoicePaidEvent,
  invoicePaymentFailedEvent,
  type StripeServer,
  startStripeServer,
  webhookRequest,
} from './stripe-server';

/**
 * Walks every route of the contract with inputs made from its schemas and then broken: wrong types,
 * missing and extra fields, nulls, huge, NUL-bearing, lone-surrogate and unicode strings, bad ids, bad content types and
 * broken multipart bodies, as a guest and as a signed-in user. No answer may be a 5xx, and every error
 * answer must have the DRF shape of docs/api.md "Errors". Routes added to the contract are walked without editing this.
 * The payment provider's webhook is walked once more with genuinely signed events, broken field by field.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  default?: unknown;
};

type FileValue = { file: true };
type Sample = Record<string, unknown>;

type Ids = { category: number; textCard: number; pictureCard: number; kidsCard: number };

type Probe = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The id a field or path most likely names: the user's own object, so the request reaches the service. */
const idFor = (name: string, ids: Ids): number => {
  if (name.includes('card-picture-kids')) return ids.kidsCard;
  if (name.includes('card-picture')) return ids.pictureCard;
  if (name.includes('card-text') || name === 'card' || name === 'card_id') return ids.textCard;
  return ids.category;
};

/** A plausible value of a JSON schema; `name` picks ids and the like. */
const sampleValue = (schema: JsonSchema, name: string, ids: Ids): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sampleValue(options.find((option) => option.type !== 'null') ?? options[0]!, name, ids);
  if (schema.allOf?.[0]) return sampleValue(schema.allOf[0], name, ids);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sampleValue(inner, key, ids)]),
      );
    case 'array':
      return schema.items ? [sampleValue(schema.items, name, ids)] : [];
    case 'integer':
    case 'number':
      // At least the schema's minimum, so that the sample gets past the schema to the service.
      return /id$|^category$|_category/.test(name) ? idFor(name, ids) : Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'binary') return { file: true } satisfies FileValue;
      if (schema.format === 'date') return '2001-02-03';
      if (schema.format === 'email' || name.includes('email')) return 'fuzz@example.com';
      if (schema.format === 'uri' || name.includes('uri') || name.includes('url'))
        return 'https://example.com/';
      if (/id$|^category$/.test(name)) return String(idFor(name, ids));
      return 'Fuzz value'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return 'Fuzz value';
  }
};

/** Valid-looking bodies of a schema: one per option of a union (a card PUT is an answer or an edit). */
const samplesOf = (schema: z.ZodType, ids: Ids): Sample[] => {
  const json = jsonSchemaOf(schema);
  const options = json.anyOf ?? json.oneOf ?? [json];
  return options.map((option) => {
    const value = sampleValue(option, '', ids);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Sample) : {};
  });
};

const huge = 'x'.repeat(100_000);
/** Values every field is tried with in place of a good one. */
const brokenValues: [string, unknown][] = [
  ['null', null],
  ['a number', 12345],
  ['a word', 'not-a-number'],
  ['a boolean', true],
  ['an object', { nested: { deeper: 1 } }],
  ['a list', [1, 'two', null]],
  ['an empty string', ''],
  ['a huge string', huge],
  ['a NUL character', 'a\u0000b'],
  // JSON.stringify writes these as the escapes "\ud800" and "\udc00", which JSON.parse turns back into them.
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', 'a\udc00b'],
  ['a high surrogate at the end', 'ab\ud800'],
  ['unicode', 'Ünïcødé 🙂 日本語 \u202e\uFEFF'],
  ['a huge number', 1e308],
  ['a negative number', -1],
];

const withoutFiles = (sample: Sample): Sample =>
  Object.fromEntries(Object.entries(sample).filter(([, value]) => !(value as FileValue)?.file));

const asText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

let picture: Buffer;
const overCap = Buffer.alloc(MAX_UPLOAD_BYTES + 1);

const multipartOf = async (sample: Sample, fileBytes?: Buffer) => {
  const fields: Record<string, string> = {};
  const files: Parameters<typeof formData>[1] = {};
  for (const [key, value] of Object.entries(sample)) {
    if ((value as FileValue)?.file)
      files[key] = { name: 'fuzz.png', type: 'image/png', data: fileBytes ?? picture };
    else if (value !== undefined) fields[key] = asText(value);
  }
  return formData(fields, files);
};

const json = (payload: unknown): Pick<Probe, 'headers' | 'payload'> => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

const idVariants = [
  'abc',
  '0x1',
  '+1',
  '01',
  '%201',
  '1.5',
  '-1',
  '0',
  '9'.repeat(5000),
  '%00',
  '%ED%A0%80',
  '1e3',
];
const queryVariants = [
  'abc',
  '',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  'a%00b',
  // The UTF-8 bytes a lone surrogate would have (not UTF-8 at all), and the old %u escape.
  'a%ED%A0%80b',
  '%uD800',
  'x'.repeat(5000),
  '%E2%82',
];

/** Every probe of one route: good and broken params, query and body, in every encoding. */
const probesOf = async (route: RouteDefinition, ids: Ids): Promise<Probe[]> => {
  const pathWith = (id: string) => route.path.replace(/\{(\w+)\}/g, id);
  const goodPath = pathWith(String(idFor(route.path, ids)));
  const goodQuery = route.query ? (samplesOf(route.query, ids)[0] ?? {}) : {};
  const queryString = (values: Sample) =>
    new URLSearchParams(
      Object.entries(values).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : [[key, asText(value)]],
      ),
    ).toString();
  const url = (path = goodPath, query: string = queryString(goodQuery)) =>
    query ? `${path}?${query}` : path;

  const probes: Probe[] = [{ label: 'as defined', url: url() }];
  if (route.params) {
    for (const id of idVariants) probes.push({ label: `id ${id.slice(0, 12)}`, url: url(pathWith(id)) });
  }
  for (const key of Object.keys(goodQuery)) {
    for (const value of queryVariants) {
      probes.push({
        label: `query ${key}=${value.slice(0, 12)}`,
        url: url(goodPath, `${queryString({ ...goodQuery, [key]: undefined })}&${key}=${value}`),
      });
    }
    probes.push({ label: `query ${key} twice`, url: url(goodPath, `${queryString(goodQuery)}&${key}=2`) });
  }
  for (const [name, value] of [
    ['x-timezone', 'Not/A_Zone'],
    ['x-timezone', 'x'.repeat(5000)],
    ['accept-language', ';;;q=abc,,*'],
    ['authorization', 'JWT not.a.token'],
    ['authorization', 'Bearer'],
  ]) {
    probes.push({
      label: `header ${name}: ${value!.slice(0, 12)}`,
      url: url(),
      headers: { [name!]: value! },
    });
  }
  probes.push({ label: 'an unknown query parameter', url: url(goodPath, `${queryString(goodQuery)}&zzz=1`) });
  probes.push({
    label: 'a JSON content type and no body',
    url: url(),
    headers: { 'content-type': 'application/json' },
  });

  if (!route.body) return probes;
  const target = url();
  for (const [index, sample] of samplesOf(route.body, ids).entries()) {
    const label = (what: string) => `body ${index}: ${what}`;
    probes.push({ label: label('JSON'), url: target, ...json(withoutFiles(sample)) });
    for (const key of Object.keys(sample)) {
      const { [key]: _, ...rest } = sample;
      probes.push({ label: label(`without ${key}`), url: target, ...json(withoutFiles(rest)) });
      for (const [what, value] of brokenValues) {
        probes.push({
          label: label(`${key} as ${what}`),
          url: target,
          ...json({ ...withoutFiles(sample), [key]: value }),
        });
      }
    }
    probes.push({
      label: label('an extra field'),
      url: target,
      ...json({ ...withoutFiles(sample), zzz: 'extra' }),
    });
    const form = await multipartOf(sample);
    probes.push({ label: label('multipart'), url: target, ...form });
    const nulField = await multipartOf(
      Object.fromEntries(Object.keys(sample).map((key) => [key, 'a\u0000b'])),
    );
    probes.push({ label: label('multipart with NUL characters'), url: target, ...nulField });
    const surrogateFields = (value: string) =>
      utf16FormData(Object.fromEntries(Object.keys(withoutFiles(sample)).map((key) => [key, value])));
    probes.push(
      { label: label('multipart with lone high surrogates'), url: target, ...surrogateFields('a\ud800b') },
      { label: label('multipart with lone low surrogates'), url: target, ...surrogateFields('\udc00') },
    );
    const notAPicture = await multipartOf(sample, Buffer.from('%PDF-1.4 not a picture'));
    probes.push({ label: label('multipart with a file that is not a picture'), url: target, ...notAPicture });
    probes.push({
      label: label('form-encoded'),
      url: target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(withoutFiles(sample)).map(([key, value]): [string, string] => [key, asText(value)]),
      ).toString(),
    });
  }
  const raw = (what: string, contentType: string, payload: string | Buffer): Probe => ({
    label: what,
    url: target,
    headers: { 'content-type': contentType },
    payload,
  });
  const form = await multipartOf(samplesOf(route.body, ids)[0] ?? {});
  const boundary = form.headers['content-type'].split('boundary=')[1]!;
  probes.push(
    raw('an empty JSON body', 'application/json', ''),
    raw('invalid JSON', 'application/json', '{"first_side": "a",'),
    raw('truncated JSON', 'application/json', '{"a": "b'),
    raw('JSON null', 'application/json', 'null'),
    raw('a JSON list', 'application/json', '[1, 2]'),
    raw('a JSON string', 'application/json', '"text"'),
    raw('a JSON string with a lone surrogate', 'application/json', '"\\ud800"'),
    raw('a JSON number', 'application/json', '42'),
    raw('a __proto__ key', 'application/json', '{"__proto__": {"isStaff": true}, "name": "x"}'),
    raw('a constructor key', 'application/json', '{"constructor": {"prototype": {"isStaff": true}}}'),
    raw('deeply nested JSON', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    raw('a JSON body with a charset', 'application/json; charset=latin1', '{"name": "x"}'),
    raw('plain text', 'text/plain', 'hello'),
    raw('a made-up type', 'application/x-fuzz', 'hello'),
    raw('a broken form', 'application/x-www-form-urlencoded', '%%%=%%%&a=%E2%82'),
    raw('multipart without a boundary', 'multipart/form-data', form.payload),
    raw('multipart with a wrong boundary', 'multipart/form-data; boundary=wrong', form.payload),
    raw(
      'truncated multipart',
      form.headers['content-type'],
      form.payload.subarray(0, form.payload.length / 2),
    ),
    raw('empty multipart', form.headers['content-type'], ''),
    raw('multipart of only the end', form.headers['content-type'], `--${boundary}--\r\n`),
  );
  if (route.encoding?.includes('multipart')) {
    const fields = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, n) => [`field${n}`, 'x']));
    const files = (count: number, bytes: Buffer) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, n) => [
          `file${n}`,
          { name: 'fuzz.png', type: 'image/png', data: bytes },
        ]),
      );
    probes.push(
      {
        label: 'multipart with a file over the cap',
        url: target,
        ...(await formData({}, files(1, overCap))),
      },
      { label: 'multipart with too many files', url: target, ...(await formData({}, files(6, picture))) },
      { label: 'multipart with too many fields', url: target, ...(await formData(fields(61))) },
    );
  }
  return probes;
};

/** The DRF shapes of docs/api.md "Errors": `{detail, code?}` or `{field: [message, ...]}`. */
const isDrfError = (body: unknown): boolean => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if ('detail' in body) {
    return entries.every(([key, value]) => (key === 'detail' || key === 'code') && typeof value === 'string');
  }
  return (
    entries.length > 0 &&
    entries.every(
      ([, value]) => Array.isArray(value) && value.length > 0 && value.every((m) => typeof m === 'string'),
    )
  );
};

const WEBHOOK_SECRET = 'whsec_fuzz';

/** Every path into a JSON value (objects and lists), the value itself first. */
const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
  if (!value || typeof value !== 'object') return [prefix];
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, inner]) =>
      pathsOf(inner, [...prefix, Array.isArray(value) ? Number(key) : key]),
    ),
  ];
};

/** A deep copy of `value` with the value at `path` replaced, or removed when `replacement` is `remove`. */
const remove = Symbol('remove');
const changed = (value: unknown, path: (string | number)[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement === remove) delete parent[last];
  else parent[last] = replacement;
  return copy;
};

let t: TestApp;
let stripe: StripeServer;
let passwordHash: string;
beforeAll(async () => {
  // Payments through the stand-in Stripe, so the payment routes get past "not configured" to the input.
  stripe = await startStripeServer();
  // A provider nobody calls: no job runs here, the routes only need one configured.
  t = await buildTestApp({
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_MODEL: 'none',
    STRIPE_SECRET_KEY: 'sk_test_fuzz',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  passwordHash = (await buildUser(t.database.db, { password: PASSWORD })).passwordHash!;
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A new user with one object of every kind, signed in through the API. */
const newLearner = async () => {
  const db = t.database.db;
  const user = await buildUser(db, { passwordHash });
  const category = await buildCategory(db, { userId: user.id });
  const pictures = await buildCategory(db, { userId: user.id, typeOfCards: 'picture' });
  const kids = await buildCategory(db, { userId: user.id, typeOfCards: 'kids' });
  const ids: Ids = {
    category: category.id,
    textCard: (await buildCard(db, { categoryId: category.id })).id,
    pictureCard: (await buildCard(db, { categoryId: pictures.id, firstSide: 'pictures/missing.webp' })).id,
    kidsCard: (
      await buildCard(db, { categoryId: kids.id, firstSide: 'pictures/missing.webp', language: 'en' })
    ).id,
  };
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/jwt/create/',
    payload: { email: user.email, password: PASSWORD },
  });
  return { ids, authorization: `JWT ${login.json().access}` };
};

const routes = Object.entries(apiRoutes);

describe('every route of the contract', () => {
  it('is served', () => {
    const missing = routes.filter(
      ([, route]) => !t.app.findRoute({ method: route.method, url: route.path.replace(/\{(\w+)\}/g, '1') }),
    );
    expect(missing.map(([name, route]) => `${name}: ${route.method} ${route.path}`)).toEqual([]);
  });

  it.each(routes)(
    '%s answers broken input with a 4xx in the DRF shape, never a 5xx',
    async (_name, route) => {
      const failures: string[] = [];
      for (const actor of ['a guest', 'a signed-in user'] as const) {
        const learner = await newLearner();
        const auth: Record<string, string> =
          actor === 'a guest' ? {} : { authorization: learner.authorization };
        for (const probe of await probesOf(route, learner.ids)) {
          const response = await t.app.inject({
            method: route.method,
            url: probe.url,
            headers: { ...auth, ...probe.headers },
            payload: probe.payload,
          });
          const said = `${actor}, ${probe.label}: ${response.statusCode} ${response.body.slice(0, 160)}`;
          if (response.statusCode >= 500) failures.push(said);
          else if (response.statusCode >= 400 && !isDrfError(safeJson(response.body)))
            failures.push(`not DRF: ${said}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

describe('the payment webhook', () => {
  it('answers genuinely signed but broken events with a 400 in the DRF shape or an acknowledgement', async () => {
    const user = await buildUser(t.database.db);
    stripe.recordInvoicePayment('pi_fuzz', 'in_fuzz');
    const shapes = [
      checkoutCompletedEvent({ userId: user.id, plan: 'monthly', customer: 'cus_fuzz' }),
      invoicePaidEvent({
        invoiceId: 'in_fuzz',
        userId: user.id,
        plan: 'annual',
        amount: 1200,
        currency: 'eur',
      }),
      invoicePaymentFailedEvent({ userId: user.id, plan: 'monthly', amount: 1200, currency: 'bgn' }),
      chargeRefundedEvent({ paymentIntent: 'pi_fuzz', amount: 1200, currency: 'eur' }),
    ];
    const bodies: [string, unknown][] = [
      ['a list', []],
      ['an empty object', {}],
      ['null', null],
      ['a string', 'text'],
      ['a number', 42],
      ['deep nesting', JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`)],
    ];
    let sequence = 0;
    for (const shape of shapes) {
      for (const path of pathsOf(shape).filter((path) => path.length > 0)) {
        const label = `${shape.type} ${path.join('.')}`;
        // A fresh event id each time, unless the id is what is broken: a recorded event is not read again.
        const fresh = { ...shape, id: `${shape.id}_${++sequence}` };
        bodies.push([`${label} removed`, changed(fresh, path, remove)]);
        for (const [what, value] of brokenValues) {
          const event = path[0] === 'id' ? fresh : { ...fresh, id: `${shape.id}_${++sequence}` };
          bodies.push([`${label} as ${what}`, changed(event, path, value)]);
        }
      }
      bodies.push([
        `${shape.type} with an amount past the integer range`,
        {
          ...shape,
          id: `${shape.id}_${++sequence}`,
          data: { object: { ...shape.data.object, amount_paid: 2 ** 31, amount: 2 ** 53 } },
        },
      ]);
    }
    const failures: string[] = [];
    for (const [label, body] of bodies) {
      const response = await t.app.inject(
        webhookRequest(JSON.stringify(body), WEBHOOK_SECRET, t.clock.now()),
      );
      const said = `${label}: ${response.statusCode} ${response.body.slice(0, 160)}`;
      if (response.statusCode >= 500) failures.push(said);
      else if (response.statusCode >= 400 && !isDrfError(safeJson(response.body)))
        failures.push(`not DRF: ${said}`);
      else if (response.statusCode !== 200 && response.statusCode !== 400)
        failures.push(`unexpected: ${said}`);
    }
    expect(failures).toEqual([]);
    expect(bodies.length).toBeGreaterThan(500);
    // Several hundred signed events, one after the other: about 13 s on a quiet machine.
  }, 120_000);
});
