import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the shape of session ids and emailed link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShape(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmacSha256(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}
