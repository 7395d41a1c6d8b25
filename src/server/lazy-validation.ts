import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own validators (Ajv, with the server's options), each compiled when its route is first
 * asked, not at start-up: compiling every route's schema was a tenth of the time from spawn to
 * listening, for routes most of which no one asks in a server's first seconds. What a request is
 * checked against, and what it is told when it fails, are Ajv's as before.
 */
type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;

/** What Fastify gives a validator compiler: one part (body, params, querystring) of one route. */
interface RoutePart {
  readonly schema: unknown;
  readonly method: string;
  readonly url: string;
  readonly httpPart?: string;
}

/** An Ajv validator as Fastify calls it: the data, with its parent when Ajv may replace the root. */
interface Validator {
  (data: unknown, context?: object): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

export function lazyValidators(): BuildValidator {
  const pool = AjvCompiler();
  const build = (externalSchemas: Parameters<typeof pool>[0], options: Parameters<typeof pool>[1]) => {
    const compile = pool(externalSchemas, options) as unknown as (part: RoutePart) => Validator;
    return (part: RoutePart): Validator => {
      // Fastify lower-cases a headers schema only for its own compiler: this one would check it as written.
      if (part.httpPart === 'headers') throw new Error(`${part.method} ${part.url}: headers schemas are not compiled lazily`);
      let compiled: Validator | undefined;
      const validate: Validator = (data, context) => {
        compiled ??= compile(part);
        const valid = context === undefined ? compiled(data) : compiled(data, context);
        validate.errors = compiled.errors;
        return valid;
      };
      // Every Ajv validator has one: Fastify then passes the parent, as it would to the compiled one.
      validate.schemaEnv = true;
      return validate;
    };
  };
  return build as unknown as BuildValidator;
}
