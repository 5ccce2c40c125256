import type { FormRule } from 'antd';

/**
 * A form field that must be filled in and pass `check`: `required` is said while it is empty, `invalid` when the
 * filled-in value (trimmed) fails the check.
 */
export const requiredAndValid = (required: string, check: (value: string) => boolean, invalid: string): FormRule[] => [
  { required: true, message: required },
  {
    validator: async (_, v: string | undefined) => {
      if (v && !check(v.trim())) throw new Error(invalid);
    },
  },
];
