/** The one function of http_ece (Encrypted Content-Encoding, untyped; web-push's own) the tests use. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface DecryptParams {
    version: "aes128gcm";
    /** The receiver's key pair: the subscriber's. */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret: string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
