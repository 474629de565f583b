/**
 * The ports the API tests open themselves, each settable so that a machine where some ports are
 * taken or forbidden can run them (the README's "Ports the tests use" lists the settings).
 * Without the setting, a random port in [from, from + span) keeps parallel runs apart.
 */
export function testPort(name: string, from: number, span: number, offset = 0): number {
  const setting = process.env[name];
  if (!setting) return from + Math.floor(Math.random() * span);
  const port = Number(setting) + offset;
  if (!/^\d+$/.test(setting) || port < 1 || port > 65_535)
    throw new Error(`${name} must be a port number (1-65535), not "${setting}"`);
  return port;
}
