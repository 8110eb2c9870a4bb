import { randomInt } from 'node:crypto';

const EPOCH = 1288834974657n; // the Twitter/MyBatis-Plus epoch, so ids look like the contract's 19-digit ids
const worker = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let sequence = 0n;

/** A 19-digit snowflake id as a string (JSON numbers would lose digits). */
export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) now = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  if (now < lastMs) now = lastMs;
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}
