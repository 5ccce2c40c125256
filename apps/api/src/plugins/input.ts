import { findInputTextProblem, type InputTextProblem } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const PARTS = [
  ['query', '查询参数'],
  ['params', '路径参数'],
  ['body', '请求体'],
] as const;

/** The 400 for a request field that breaks the input text rule, naming where it is. */
export const inputTextError = (part: string, problem: InputTextProblem) =>
  new AppError('BAD_REQUEST', `${part}${problem.path ? ` ${problem.path} ` : ''}${problem.message}`);

/**
 * Every route's query, path parameters and parsed body pass the one input text rule (packages/shared
 * input-text.ts) before validation: a NUL or a lone surrogate is a 400 naming the field, never a database error.
 * Multipart bodies are streamed by their routes, which check their fields and file names with the same rule.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [key, label] of PARTS) {
        const problem = findInputTextProblem(request[key]);
        if (problem) return done(inputTextError(label, problem));
      }
      done();
    });
  },
  { name: 'input', dependencies: ['errors'] },
);
