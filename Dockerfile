# 资源库: one image serving the api and the built web on port 3000.
# Node 26 (Active LTS 'Lithium' since 2026-10-28) in both stages; the code itself supports Node >= 20.19 (README).
FROM node:26-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@12.21.0
COPY pnpm-workspace.yaml pnpm-lock.yaml package.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY tests/package.json tests/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build
# What the server needs at run time and nothing else (production dependencies only); the tests run this same layout.
RUN node scripts/runtime-layout.mjs /layout

FROM node:26-bookworm-slim
# Online preview and thumbnails: LibreOffice (Office → PDF, no GUI), poppler (PDF first page), ffmpeg (video
# posters) and a CJK font. Build with --build-arg PREVIEW_TOOLS=false for a smaller image without them.
ARG PREVIEW_TOOLS=true
RUN if [ "$PREVIEW_TOOLS" = "true" ]; then apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libreoffice-writer-nogui \
       libreoffice-calc-nogui libreoffice-impress-nogui poppler-utils ffmpeg fonts-wqy-microhei \
    && rm -rf /var/lib/apt/lists/*; fi
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 ZYK_ROOT=/app DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /layout ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
