import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorName, isCatalogueMessage, MESSAGES } from '@zyk/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../lib/db-errors.ts';
import { AppError, envelopeError, isMultipartError } from '../lib/errors.ts';

const PART_NAMES: Record<string, string> = {
  querystring: '查询参数',
  body: '请求体',
  params: '路径参数',
  headers: '请求头',
};

/**
 * The first validation problem, in Chinese, naming the field ("查询参数 dictId 有误：…"); a message of the spec's
 * catalogue is shown as it is ("请输入账号信息！").
 */
const validationMessage = (error: FastifyError) => {
  const first = error.validation?.[0] as { instancePath?: string; message?: string } | undefined;
  if (first?.message && isCatalogueMessage(first.message)) return first.message;
  const part = PART_NAMES[error.validationContext ?? ''] ?? '参数';
  const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
  return `${part}${field ? ` ${field} ` : ''}有误：${first?.message ?? ERRORS.BAD_REQUEST.msg}`;
};

/** Fastify's own 4xx errors, in the envelope with a Chinese message. */
const FASTIFY_CODES: Record<string, { name: keyof typeof ERRORS; msg?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { name: 'BAD_REQUEST', msg: MESSAGES.request.contentLengthInvalid },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'BAD_REQUEST', msg: MESSAGES.request.emptyJsonBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'BAD_REQUEST', msg: MESSAGES.request.invalidJsonBody },
  FST_PARTS_LIMIT: { name: 'PAYLOAD_TOO_LARGE', msg: MESSAGES.request.tooManyFormFields },
  FST_FIELDS_LIMIT: { name: 'PAYLOAD_TOO_LARGE', msg: MESSAGES.request.tooManyFormFields },
  FST_ERR_BAD_URL: { name: 'BAD_REQUEST', msg: MESSAGES.request.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { name: 'URI_TOO_LONG' },
};

/**
 * A Fastify error of a known code in the envelope (any other: 400). Also Fastify's `frameworkErrors`: the router's
 * own refusals (a path parameter that is not valid percent-encoding, or longer than the router allows) come before
 * any hook and the error handler, so they are answered from here.
 */
export const answerFrameworkError = (error: FastifyError, _request: unknown, reply: FastifyReply) => {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  const spec = ERRORS[known?.name ?? 'BAD_REQUEST'];
  return reply.status(spec.status).send(envelopeError(spec.code, known?.msg ?? spec.msg));
};

/** Errors Node's HTTP parser raises before any route sees the request, and what the client is told. */
const CLIENT_ERRORS: Record<string, ErrorName> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'PAYLOAD_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (a 60 KB address, a broken request line) is
 * answered in the envelope like every other error, then the connection closes.
 */
export const answerClientError = (error: Error & { code?: string }, socket: Socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const spec = ERRORS[CLIENT_ERRORS[error.code ?? ''] ?? 'BAD_REQUEST'];
  const body = JSON.stringify(envelopeError(spec.code, spec.msg));
  socket.end(
    `HTTP/1.1 ${spec.status} ${STATUS_CODES[spec.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/**
 * One handler turns every failure into the envelope and never leaks internals of a 5xx.
 * Unknown routes under the api prefixes answer 404 in the envelope; other paths belong to the web (plugins/web.ts).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, error.message);
        return reply.status(error.status).send(envelopeError(error.code, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send(envelopeError(ERRORS.BAD_REQUEST.code, validationMessage(error)));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return reply.status(500).send(envelopeError(ERRORS.INTERNAL.code, ERRORS.INTERNAL.msg));
      }
      if (error.code && FASTIFY_CODES[error.code]) return answerFrameworkError(error, request, reply);
      if (isMultipartError(error)) {
        request.log.info({ err: error }, 'malformed multipart body');
        return reply.status(400).send(envelopeError(ERRORS.BAD_REQUEST.code, MESSAGES.request.multipartInvalid));
      }
      if (isDatabaseBusy(error)) {
        request.log.warn({ err: error }, 'database busy');
        return reply.status(503).send(envelopeError(ERRORS.UNAVAILABLE.code, MESSAGES.request.busy));
      }
      if (error.statusCode === 429) {
        return reply.status(429).send(envelopeError(ERRORS.RATE_LIMITED.code, ERRORS.RATE_LIMITED.msg));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return reply.status(error.statusCode).send(envelopeError(ERRORS.BAD_REQUEST.code, ERRORS.BAD_REQUEST.msg));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(envelopeError(ERRORS.INTERNAL.code, ERRORS.INTERNAL.msg));
    });
  },
  { name: 'errors' },
);

export const sendRouteNotFound = (reply: import('fastify').FastifyReply) =>
  reply.status(404).send(envelopeError(ERRORS.ROUTE_NOT_FOUND.code, ERRORS.ROUTE_NOT_FOUND.msg));
