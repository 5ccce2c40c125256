-- Account security: the login history of each account, WeChat bindings in progress (OAuth state tied to a
-- session), and the built-in WeChat sandbox's one-time codes and access tokens.

CREATE TABLE "login_events" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "success" BOOLEAN NOT NULL,
    "reason" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "login_events_user_id_created_at_idx" ON "login_events"("user_id", "created_at");
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "wechat_bind_states" (
    "state_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "session_id" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "wechat_bind_states_pkey" PRIMARY KEY ("state_hash")
);
CREATE INDEX "wechat_bind_states_user_id_idx" ON "wechat_bind_states"("user_id");
CREATE INDEX "wechat_bind_states_expires_at_idx" ON "wechat_bind_states"("expires_at");
ALTER TABLE "wechat_bind_states" ADD CONSTRAINT "wechat_bind_states_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "wechat_sandbox_grants" (
    "code_hash" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "open_id" TEXT NOT NULL,
    "union_id" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "token_hash" TEXT,
    "token_expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "wechat_sandbox_grants_pkey" PRIMARY KEY ("code_hash")
);
CREATE UNIQUE INDEX "wechat_sandbox_grants_token_hash_key" ON "wechat_sandbox_grants"("token_hash");
CREATE INDEX "wechat_sandbox_grants_expires_at_idx" ON "wechat_sandbox_grants"("expires_at");
