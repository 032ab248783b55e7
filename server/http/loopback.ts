import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, also when 127.x is written as an IPv4-mapped IPv6 address (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = isIP(ip);
  if (family === 4) return LOOPBACK.check(ip, 'ipv4');
  return family === 6 && LOOPBACK.check(ip, 'ipv6');
}

/** A Host header's name (lower case, an IPv6 address in brackets) and port; null when it is not a host. */
export function splitHost(value: string | undefined): { name: string; port: string | null } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(value ?? '');
  return match ? { name: match[1]!.toLowerCase(), port: match[2] ?? null } : null;
}

/** `localhost` or a loopback address, as a Host header names this machine. */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || isLoopbackAddress(name.replace(/^\[(.*)\]$/, '$1'));
}

/** Headers a proxy adds when it forwards a request on someone else's behalf. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/**
 * A request from a client on this machine, talking to the server directly: the address Fastify trusts
 * (`request.ip`, which follows X-Forwarded-For when TRUST_PROXY is on) and the socket's peer are both
 * loopback, no proxy says it forwarded the request, and the browser asked for this machine by name
 * (`Host`): a page on a rebinding domain reaches the loopback socket too, but under its own name. A reverse proxy on the same machine connects
 * from loopback too, so any forwarding header is refused, whatever it names and whatever TRUST_PROXY
 * says: a local user's browser never sends one.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = splitHost(request.headers.host);
  if (!host || !isLoopbackName(host.name)) return false;
  return isLoopbackAddress(request.ip) && isLoopbackAddress(request.socket.remoteAddress);
}
