/** An order number from the address (20 digits), or null. */
export const orderNo = (value: string | null): string | null => (value && /^\d{20}$/.test(value) ? value : null);
