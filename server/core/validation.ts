import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

let shared: Ajv | undefined;

/** Fastify's coercion rules (query strings, params) with verbose errors for the Chinese messages. */
function ajv(): Ajv {
  if (!shared) {
    shared = new Ajv({
      verbose: true,
      allErrors: false,
      allowUnionTypes: true,
      removeAdditional: true,
      coerceTypes: 'array',
      useDefaults: true,
      strict: false,
    });
    addFormats(shared);
  }
  return shared;
}

type LazyValidator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * Route schemas compile on their first request instead of at startup, which keeps
 * `npm start` within its time budget as modules add routes.
 */
export function installLazyValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }: { schema: FastifySchema }) => {
    let compiled: ValidateFunction | undefined;
    const validate: LazyValidator = (data) => {
      compiled ??= ajv().compile(schema as object);
      const ok = compiled(data);
      validate.errors = ok ? null : compiled.errors;
      return ok;
    };
    return validate;
  });
}
