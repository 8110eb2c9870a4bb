/** Signing material and offline checks for the certificate PDF tests: a throwaway PKCS#12, a PAdES verifier, a seal PNG. */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import forge from 'node-forge';

/** A throwaway self-signed RSA certificate and key in a PKCS#12 file, as an issuer's signing file would be. */
export function throwawayP12(dir: string, password: string): { path: string; certificate: forge.pki.Certificate } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = '0a1b2c';
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: 'XYPJ Test Issuer' },
    { name: 'organizationName', value: 'Test Association' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: '3des' });
  const path = join(dir, 'issuer.p12');
  writeFileSync(path, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  return { path, certificate };
}

export interface Verification {
  valid: boolean;
  /** the whole file but the signature value is covered */
  coversFile: boolean;
  subFilter: string | null;
  signer: string | null;
  /** SHA-256 of the signer's certificate named by the ESS signing-certificate-v2 attribute matches it */
  signingCertificateBound: boolean;
}

const attributeValue = (attrs: forge.asn1.Asn1[], oid: string) => {
  const attr = attrs.find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) === oid);
  return attr ? ((attr.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]! : undefined;
};
const sha256 = (bytes: string | Buffer) =>
  createHash('sha256')
    .update(typeof bytes === 'string' ? Buffer.from(bytes, 'binary') : bytes)
    .digest();

// the signature value is zero-padded to the placeholder's length; forge's typings lack the options object
const fromDerWithPadding = (bytes: string) =>
  (forge.asn1.fromDer as unknown as (der: string, options: { parseAllBytes: boolean }) => forge.asn1.Asn1)(bytes, { parseAllBytes: false });

/** Offline verification of a PDF signature with node-forge: ByteRange digest, then the RSA signature over the signed attributes. */
export function verifyPdfSignature(pdf: Buffer): Verification {
  const text = pdf.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) throw new Error('no ByteRange');
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  const cms = fromDerWithPadding(Buffer.from(hex, 'hex').toString('binary'));
  const p7 = forge.pkcs7.messageFromAsn1(cms) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const attrs = p7.rawCapture.authenticatedAttributes;
  const certificate = p7.certificates[0]!;
  const digest = attributeValue(attrs, forge.pki.oids.messageDigest!)?.value as string | undefined;
  const digestMatches = digest !== undefined && Buffer.from(digest, 'binary').equals(sha256(signed));
  const signedAttributes = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs)).getBytes();
  const md = forge.md.sha256.create().update(signedAttributes);
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  let signatureMatches = false;
  try {
    signatureMatches = publicKey.verify(md.digest().getBytes(), p7.rawCapture.signature);
  } catch {
    signatureMatches = false;
  }
  const essCert = attributeValue(attrs, '1.2.840.113549.1.9.16.2.47');
  const essHash = essCert
    ? (((essCert.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[])[0]!.value
    : undefined;
  const certDer = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return {
    valid: digestMatches && signatureMatches,
    coversFile: a === 0 && c + d === pdf.length && b < c,
    subFilter: /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text)?.[1] ?? null,
    signer: (certificate.subject.getField('CN')?.value as string | undefined) ?? null,
    signingCertificateBound: typeof essHash === 'string' && Buffer.from(essHash, 'binary').equals(sha256(certDer)),
  };
}

/** A 64×64 red ring as a real PNG (what an administrator's seal scan would be). */
export function sealPng(): Buffer {
  const size = 64;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - 31.5, y - 31.5);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = 200;
      raw[o + 3] = r > 24 && r < 30 ? 255 : 0;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
