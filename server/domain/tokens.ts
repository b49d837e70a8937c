import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { digitCodeFrom } from './email-links.ts';

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

/** A six-digit code (CODE_LENGTH), leading zeros kept: emailed and SMS codes, family codes. */
export function randomDigitCode(): string {
  return digitCodeFrom((below) => randomInt(below));
}

/** Compares two strings (hashes, codes) in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
