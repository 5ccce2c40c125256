/** The login password rule of the whole product: the api checks it, the web shows it and checks it as one types. */
export const PASSWORD_RULE_TEXT = '8-32 位，且同时包含字母和数字';

/** 8–32 characters with at least one letter and one digit. */
export const isStrongPassword = (password: string) =>
  password.length >= 8 && password.length <= 32 && /[A-Za-z]/.test(password) && /\d/.test(password);
