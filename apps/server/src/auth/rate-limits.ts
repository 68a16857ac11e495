import type { FastifyInstance, FastifyRequest } from 'fastify';

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * Two limits for the endpoints that guess or mail: per client IP and per e-mail address,
 * so neither one address attacked from many IPs nor many addresses from one IP get through.
 */
export function credentialRateLimits(app: FastifyInstance, name: string) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const errorResponseBuilder = () => ({ statusCode: 429, message: TOO_MANY_ATTEMPTS });
  const address = (request: FastifyRequest) => {
    const body = request.body as { email?: unknown } | undefined;
    return `${name}:email:${String(body?.email ?? '').trim().toLowerCase()}`;
  };
  return [
    app.rateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (r) => `${name}:ip:${r.ip}`, errorResponseBuilder }),
    app.rateLimit({ max: perAddress, timeWindow: windowMs, keyGenerator: address, errorResponseBuilder }),
  ];
}
