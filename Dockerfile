# syntax=docker/dockerfile:1
# Lintel production image: runs against an external PostgreSQL (DATABASE_URL).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx react-router build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The embedded PostgreSQL is for local use only; production talks to DATABASE_URL.
RUN npm install --omit=dev --omit=optional --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 LINTEL_ROOT=/app
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY drizzle ./drizzle
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "-e", "import('./build/server/index.js').then((m) => m.main())"]
