import {
  adminSignInSchema,
  impersonationEndedResponseSchema,
  impersonationRequestSchema,
  impersonationStartedResponseSchema,
  magicLinkRequestSchema,
  magicLinkVerifyRequestSchema,
  mailSentResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
  signedOutResponseSchema,
  signupSchema,
  tiktokUsernameCheckRequestSchema,
  tiktokUsernameCheckResponseSchema,
} from "@vitrine/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forwardSetCookies, toFetchHeaders } from "../../http/fetch-bridge";
import type { ModuleRouteOptions } from "../module";
import { ADMIN_DEVICE_COOKIE } from "./admin-device";
import type { AuthService, Caller } from "./service";

const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, headers: toFetchHeaders(request) });

export const authRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<AuthService>> = async (
  app,
  { service },
) => {
  app.get(
    "/session",
    { config: { access: "public" }, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => {
      const viewer = await request.viewer();
      const impersonation = viewer?.impersonation;
      return {
        user: viewer?.user ?? null,
        // Only while staff act as this person: every other session reads as it always did.
        ...(impersonation ? { impersonation: { expiresAt: impersonation.expiresAt.toISOString() } } : {}),
      };
    },
  );

  app.post(
    "/signup",
    {
      config: { access: "public" },
      schema: { body: signupSchema, response: { 202: mailSentResponseSchema } },
    },
    async (request, reply) => {
      const { tiktokUsername, email } = request.body;
      await service.requestSignup({ tiktokUsername, email }, callerOf(request));
      return reply.status(202).send({ status: "sent" });
    },
  );

  app.post(
    "/check-tiktok-username",
    {
      config: { access: "public" },
      schema: {
        body: tiktokUsernameCheckRequestSchema,
        response: { 200: tiktokUsernameCheckResponseSchema },
      },
    },
    async (request) => ({
      exists: await service.isTiktokUsernameTaken(request.body.username, request.ip),
    }),
  );

  app.post(
    "/magic-link",
    {
      config: { access: "public" },
      schema: { body: magicLinkRequestSchema, response: { 202: mailSentResponseSchema } },
    },
    async (request, reply) => {
      await service.requestLoginLink(request.body.email, callerOf(request), request.body.next);
      return reply.status(202).send({ status: "sent" });
    },
  );

  app.post(
    "/magic-link/verify",
    {
      config: { access: "public" },
      schema: { body: magicLinkVerifyRequestSchema, response: { 200: signedInResponseSchema } },
    },
    async (request, reply) => {
      const signedIn = await service.verifyMagicLink(request.body.token, callerOf(request));
      forwardSetCookies(reply, signedIn.cookies);
      return { user: signedIn.user };
    },
  );

  app.post(
    "/admin/sign-in",
    {
      config: { access: "public" },
      schema: { body: adminSignInSchema, response: { 200: signedInResponseSchema } },
    },
    async (request, reply) => {
      const signedIn = await service.adminSignIn(request.body, {
        ...callerOf(request),
        deviceCookie: request.cookies[ADMIN_DEVICE_COOKIE],
      });
      forwardSetCookies(reply, signedIn.cookies);
      return { user: signedIn.user };
    },
  );

  app.post(
    "/sign-out",
    { config: { access: "public" }, schema: { response: { 200: signedOutResponseSchema } } },
    async (request, reply) => {
      const viewer = await request.viewer();
      const cookies = await service.signOut(toFetchHeaders(request));
      const impersonationCookies = await service.impersonation.endOnSignOut(viewer, request.cookies);
      forwardSetCookies(reply, [...cookies, ...(impersonationCookies ?? [])]);
      return { status: "signed-out" as const, endedImpersonation: impersonationCookies !== null };
    },
  );

  app.post(
    "/impersonation",
    {
      config: { access: "admin" },
      schema: { body: impersonationRequestSchema, response: { 200: impersonationStartedResponseSchema } },
    },
    async (request, reply) => {
      const admin = await request.requireViewer();
      const cookies = await service.impersonation.start(admin, request.body.userId, toFetchHeaders(request));
      forwardSetCookies(reply, cookies);
      return { status: "impersonating" as const };
    },
  );

  app.delete(
    "/impersonation",
    { config: { access: "customer" }, schema: { response: { 200: impersonationEndedResponseSchema } } },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      forwardSetCookies(reply, await service.impersonation.end(viewer, toFetchHeaders(request)));
      return { status: "ended" as const };
    },
  );
};
