import { adminSignInSchema, magicLinkRequestSchema, signupSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import { getViewer, type ViewerResolver } from "../../http/access";
import { forwardSetCookies, toFetchHeaders } from "../../http/fetch-bridge";
import { ADMIN_DEVICE_COOKIE } from "./admin-device";
import type { AuthService, Caller } from "./service";

const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, headers: toFetchHeaders(request) });

const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tiktokUsername: z.string().nullable(),
  isAdmin: z.boolean(),
});
const sentSchema = z.object({ status: z.literal("sent") });
const signedInSchema = z.object({ user: sessionUserSchema });

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  resolveViewer: ViewerResolver;
}> = async (app, { authService, resolveViewer }) => {
  app.get(
    "/api/auth/session",
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ user: sessionUserSchema.nullable() }) } },
    },
    async (request) => {
      const viewer = await getViewer(request, resolveViewer);
      return { user: viewer?.user ?? null };
    },
  );

  app.post(
    "/api/auth/signup",
    { config: { access: "public" }, schema: { body: signupSchema, response: { 202: sentSchema } } },
    async (request, reply) => {
      const { tiktokUsername, email } = request.body;
      await authService.requestSignup({ tiktokUsername, email }, callerOf(request));
      return reply.status(202).send({ status: "sent" });
    },
  );

  app.post(
    "/api/auth/check-tiktok-username",
    {
      config: { access: "public" },
      schema: {
        body: z.object({ username: signupSchema.shape.tiktokUsername }),
        response: { 200: z.object({ exists: z.boolean() }) },
      },
    },
    async (request) => ({
      exists: await authService.isTiktokUsernameTaken(request.body.username, request.ip),
    }),
  );

  app.post(
    "/api/auth/magic-link",
    { config: { access: "public" }, schema: { body: magicLinkRequestSchema, response: { 202: sentSchema } } },
    async (request, reply) => {
      await authService.requestLoginLink(request.body.email, callerOf(request));
      return reply.status(202).send({ status: "sent" });
    },
  );

  app.post(
    "/api/auth/magic-link/verify",
    {
      config: { access: "public" },
      schema: { body: z.object({ token: z.string().min(1).max(200) }), response: { 200: signedInSchema } },
    },
    async (request, reply) => {
      const signedIn = await authService.verifyMagicLink(request.body.token, callerOf(request));
      forwardSetCookies(reply, signedIn.cookies);
      return { user: signedIn.user };
    },
  );

  app.post(
    "/api/auth/admin/sign-in",
    { config: { access: "public" }, schema: { body: adminSignInSchema, response: { 200: signedInSchema } } },
    async (request, reply) => {
      const signedIn = await authService.adminSignIn(request.body, {
        ...callerOf(request),
        deviceCookie: request.cookies[ADMIN_DEVICE_COOKIE],
      });
      forwardSetCookies(reply, signedIn.cookies);
      return { user: signedIn.user };
    },
  );

  app.post(
    "/api/auth/sign-out",
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ status: z.literal("signed-out") }) } },
    },
    async (request, reply) => {
      forwardSetCookies(reply, await authService.signOut(toFetchHeaders(request)));
      return { status: "signed-out" as const };
    },
  );
};
