import { type BodyInputOf, routes } from '@zyk/shared';
import { api } from '../../../../lib/api.ts';
import { unwrap } from '../../../../lib/api-result.ts';

export const registerKeys = {
  options: () => ['auth-site', 'register', 'options'] as const,
};

export const getRegisterOptions = async () => unwrap(await api(routes.registerOptions));

export const sendRegisterCode = async (body: BodyInputOf<typeof routes.registerSendCode>) =>
  unwrap(await api(routes.registerSendCode, { body }));

export const submitRegistration = async (body: BodyInputOf<typeof routes.register>) =>
  unwrap(await api(routes.register, { body }));

export const sendResetCode = async (body: BodyInputOf<typeof routes.forgotPasswordSendCode>) =>
  unwrap(await api(routes.forgotPasswordSendCode, { body }));

export const resetPassword = async (body: BodyInputOf<typeof routes.forgotPasswordReset>) =>
  unwrap(await api(routes.forgotPasswordReset, { body }));
