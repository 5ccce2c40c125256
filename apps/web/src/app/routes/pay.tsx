import { InvoicingPage } from '../../features/commerce/components/invoicing-page.tsx';
import { PayPage } from '../../features/commerce/components/pay-page.tsx';

/** /pay and /invoicing: one chunk, inside the public shell. */
export const Pay = PayPage;
export const Invoicing = InvoicingPage;
