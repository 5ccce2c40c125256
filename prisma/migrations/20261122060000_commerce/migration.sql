-- Commerce: double-entry ledger, orders, coupons, payments, withdrawals, invoices, identity verification.

-- CreateEnum
CREATE TYPE "LedgerAccountKind" AS ENUM ('BALANCE', 'INCOME_PENDING', 'INCOME_AVAILABLE', 'WITHDRAWALS_PAYABLE', 'PAYMENT_CLEARING', 'PLATFORM_COMMISSION', 'COUPON_FUNDING', 'PAYOUT_CLEARING', 'TAX_WITHHELD');
CREATE TYPE "OrderStatus" AS ENUM ('PENDING', 'PAID', 'CANCELLED', 'CLOSED', 'REFUNDED');
CREATE TYPE "PayMethod" AS ENUM ('BALANCE', 'COUPON', 'ALIPAY');
CREATE TYPE "VerificationStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');
CREATE TYPE "WithdrawalStatus" AS ENUM ('PENDING', 'PAID', 'REJECTED');
CREATE TYPE "InvoiceStatus" AS ENUM ('REQUESTED', 'ISSUED', 'REJECTED');

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "LedgerAccountKind" NOT NULL,
    "user_id" INTEGER,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "allow_negative" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id"),
    -- An account that may not go negative never does: concurrent spends cannot overdraw it.
    CONSTRAINT "ledger_accounts_no_overdraft" CHECK ("allow_negative" OR "balance" >= 0)
);

CREATE TABLE "ledger_transactions" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "memo" TEXT NOT NULL DEFAULT '',
    "order_id" INTEGER,
    "withdrawal_id" INTEGER,
    "reverses_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ledger_lines" (
    "id" SERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "ledger_lines_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("amount" <> 0)
);

CREATE TABLE "orders" (
    "id" SERIAL NOT NULL,
    "order_no" TEXT NOT NULL,
    "buyer_id" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "resource_type" "ResourceType" NOT NULL,
    "price" INTEGER NOT NULL,
    "discount" INTEGER NOT NULL DEFAULT 0,
    "pay_amount" INTEGER NOT NULL,
    "coupon_id" INTEGER,
    "status" "OrderStatus" NOT NULL DEFAULT 'PENDING',
    "pay_method" "PayMethod",
    "commission" INTEGER NOT NULL DEFAULT 0,
    "seller_income" INTEGER NOT NULL DEFAULT 0,
    "provider_trade_no" TEXT,
    "hidden_by_buyer" BOOLEAN NOT NULL DEFAULT false,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "settled_at" TIMESTAMPTZ(3),
    "refunded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "orders_amounts_valid" CHECK ("price" > 0 AND "discount" >= 0 AND "pay_amount" = "price" - "discount" AND "pay_amount" >= 0 AND "commission" >= 0 AND "seller_income" >= 0)
);

CREATE TABLE "coupons" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "amount_off" INTEGER NOT NULL,
    "threshold" INTEGER NOT NULL DEFAULT 0,
    "resource_type" "ResourceType",
    "valid_from" TIMESTAMPTZ(3) NOT NULL,
    "valid_to" TIMESTAMPTZ(3) NOT NULL,
    "order_id" INTEGER,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "coupons_amounts_valid" CHECK ("amount_off" > 0 AND "threshold" >= 0 AND "valid_to" > "valid_from")
);

CREATE TABLE "idempotency_keys" (
    "user_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

CREATE TABLE "payment_notifications" (
    "id" SERIAL NOT NULL,
    "provider" TEXT NOT NULL,
    "out_trade_no" TEXT,
    "trade_no" TEXT,
    "verified" BOOLEAN NOT NULL,
    "outcome" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_notifications_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "sandbox_trades" (
    "trade_no" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "out_trade_no" TEXT NOT NULL,
    "total_amount" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "notify_url" TEXT NOT NULL,
    "return_url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'WAIT_BUYER_PAY',
    "buyer_id" TEXT,
    "notify_attempts" INTEGER NOT NULL DEFAULT 0,
    "next_notify_at" TIMESTAMPTZ(3),
    "notified_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_trades_pkey" PRIMARY KEY ("trade_no")
);

CREATE TABLE "pay_accounts" (
    "user_id" INTEGER NOT NULL,
    "pay_password_hash" TEXT,
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "alipay_user_id" TEXT,
    "alipay_nickname" TEXT,
    "alipay_bound_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pay_accounts_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "identity_verifications" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "real_name" TEXT NOT NULL,
    "id_card" TEXT NOT NULL,
    "front_file_id" TEXT NOT NULL,
    "back_file_id" TEXT NOT NULL,
    "status" "VerificationStatus" NOT NULL DEFAULT 'PENDING',
    "review_note" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "identity_verifications_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "withdrawals" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "tax" INTEGER NOT NULL,
    "net_amount" INTEGER NOT NULL,
    "alipay_user_id" TEXT NOT NULL,
    "alipay_nickname" TEXT NOT NULL DEFAULT '',
    "status" "WithdrawalStatus" NOT NULL DEFAULT 'PENDING',
    "review_note" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "withdrawals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "withdrawals_amounts_valid" CHECK ("amount" > 0 AND "tax" >= 0 AND "net_amount" = "amount" - "tax")
);

CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "title_type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "tax_number" TEXT,
    "email" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'REQUESTED',
    "invoice_no" TEXT,
    "review_note" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "invoice_items" (
    "order_id" INTEGER NOT NULL,
    "invoice_id" INTEGER NOT NULL,

    CONSTRAINT "invoice_items_pkey" PRIMARY KEY ("order_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts"("code");
CREATE INDEX "ledger_accounts_user_id_idx" ON "ledger_accounts"("user_id");
CREATE UNIQUE INDEX "ledger_transactions_reverses_id_key" ON "ledger_transactions"("reverses_id");
CREATE INDEX "ledger_transactions_order_id_idx" ON "ledger_transactions"("order_id");
CREATE INDEX "ledger_transactions_withdrawal_id_idx" ON "ledger_transactions"("withdrawal_id");
CREATE INDEX "ledger_lines_transaction_id_idx" ON "ledger_lines"("transaction_id");
CREATE INDEX "ledger_lines_account_id_id_idx" ON "ledger_lines"("account_id", "id");
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders"("order_no");
CREATE INDEX "orders_buyer_id_created_at_idx" ON "orders"("buyer_id", "created_at");
CREATE INDEX "orders_seller_id_paid_at_idx" ON "orders"("seller_id", "paid_at");
CREATE INDEX "orders_status_expires_at_idx" ON "orders"("status", "expires_at");
CREATE INDEX "orders_resource_id_idx" ON "orders"("resource_id");
-- A buyer holds at most one paid and one pending order per resource (no double purchase, even in a race).
CREATE UNIQUE INDEX "orders_one_paid_per_buyer" ON "orders"("buyer_id", "resource_id") WHERE "status" = 'PAID';
CREATE UNIQUE INDEX "orders_one_pending_per_buyer" ON "orders"("buyer_id", "resource_id") WHERE "status" = 'PENDING';
CREATE UNIQUE INDEX "coupons_order_id_key" ON "coupons"("order_id");
CREATE INDEX "coupons_user_id_valid_to_idx" ON "coupons"("user_id", "valid_to");
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");
CREATE INDEX "payment_notifications_out_trade_no_idx" ON "payment_notifications"("out_trade_no");
CREATE INDEX "payment_notifications_created_at_idx" ON "payment_notifications"("created_at");
CREATE UNIQUE INDEX "sandbox_trades_app_id_out_trade_no_key" ON "sandbox_trades"("app_id", "out_trade_no");
CREATE INDEX "sandbox_trades_next_notify_at_idx" ON "sandbox_trades"("next_notify_at");
CREATE INDEX "identity_verifications_user_id_created_at_idx" ON "identity_verifications"("user_id", "created_at");
CREATE INDEX "identity_verifications_status_created_at_idx" ON "identity_verifications"("status", "created_at");
CREATE UNIQUE INDEX "identity_verifications_one_pending" ON "identity_verifications"("user_id") WHERE "status" = 'PENDING';
CREATE INDEX "withdrawals_user_id_created_at_idx" ON "withdrawals"("user_id", "created_at");
CREATE INDEX "withdrawals_status_created_at_idx" ON "withdrawals"("status", "created_at");
CREATE INDEX "invoices_user_id_created_at_idx" ON "invoices"("user_id", "created_at");
CREATE INDEX "invoices_status_created_at_idx" ON "invoices"("status", "created_at");
CREATE INDEX "invoice_items_invoice_id_idx" ON "invoice_items"("invoice_id");

-- AddForeignKey
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The ledger is append-only: entries are never changed or removed (corrections are reversing transactions).
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (%)', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();

-- Every transaction balances: checked at commit, once all its lines are in.
CREATE FUNCTION "ledger_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total BIGINT;
BEGIN
  SELECT COALESCE(SUM("amount"), 0) INTO total FROM "ledger_lines" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (%)', NEW."transaction_id", total USING ERRCODE = 'P0002';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER "ledger_lines_balanced" AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balances"();
