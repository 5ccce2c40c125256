import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createInvoiceService } from './invoices.ts';

export default async function invoiceRoutes(app: FastifyInstance) {
  const invoices = createInvoiceService(app.prisma);
  registerRoute(app, routes.invoiceApply, ({ user, body }) => invoices.apply(user.id, body));
  registerRoute(app, routes.invoiceRecord, ({ user, query }) => invoices.record(user.id, query));
  registerRoute(app, routes.invoiceOrders, ({ user, query }) => invoices.orders(user.id, query));
}
