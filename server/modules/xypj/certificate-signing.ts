import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';

const { asn1, pki } = forge;
const UNIVERSAL = asn1.Class.UNIVERSAL;
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
/** PAdES baseline: a CAdES detached signature (ETSI EN 319 142-1). */
export const PADES_SUB_FILTER = 'ETSI.CAdES.detached';

/** The issuer's key and certificate chain from a PKCS#12 file. */
export interface SigningKey {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
  /** the certificate's common name (or organisation), written into the signature dictionary */
  signerName: string;
}

export class SigningKeyError extends Error {}

/** Reads and opens the PKCS#12 file; a missing file, a wrong password or a file without an RSA key says so. */
export function loadSigningKey(p12Path: string, password: string): SigningKey {
  let bytes: Buffer;
  try {
    bytes = readFileSync(p12Path);
  } catch {
    throw new SigningKeyError(`CERT_SIGN_P12: cannot read ${p12Path}`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(bytes.toString('binary')), false, password);
  } catch {
    throw new SigningKeyError('CERT_SIGN_P12: not a PKCS#12 file, or CERT_SIGN_PASSWORD does not open it');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: pki.oids.pkcs8ShroudedKeyBag })[pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: pki.oids.keyBag })[pki.oids.keyBag] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const chain = (p12.getBags({ bagType: pki.oids.certBag })[pki.oids.certBag] ?? []).flatMap((b) => (b.cert ? [b.cert] : []));
  if (!key || typeof key.n === 'undefined') throw new SigningKeyError('CERT_SIGN_P12: the file holds no RSA private key');
  const certificate = chain.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  });
  if (!certificate) throw new SigningKeyError('CERT_SIGN_P12: no certificate in the file matches its private key');
  const field = (name: string) => certificate.subject.getField(name)?.value as string | undefined;
  return { key, certificate, chain, signerName: field('CN') ?? field('O') ?? 'XYPJ' };
}

const seq = (items: forge.asn1.Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SET, true, items);
const oid = (id: string) => asn1.create(UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: string) => asn1.create(UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const integer = (bytes: string) => asn1.create(UNIVERSAL, asn1.Type.INTEGER, false, bytes);
const algorithm = (id: string) => seq([oid(id), asn1.create(UNIVERSAL, asn1.Type.NULL, false, '')]);
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();
const sha256 = (bytes: string) => forge.md.sha256.create().update(bytes).digest().getBytes();

/**
 * A detached CMS SignedData over `content` as PAdES baseline B asks: signed attributes content-type, message-digest
 * (SHA-256) and ESS signing-certificate-v2 (forge's PKCS#7 writer knows only the first two, so the structure is
 * built here with forge's ASN.1 helpers); the signing time is the signature dictionary's /M, not an attribute.
 */
export function cadesDetached(content: Buffer, signing: SigningKey): Buffer {
  const { key, certificate, chain } = signing;
  const signingCertificate = seq([seq([seq([octets(sha256(der(pki.certificateToAsn1(certificate))))])])]);
  const attributes = [
    attribute(pki.oids.contentType, oid(pki.oids.data)),
    attribute(pki.oids.messageDigest, octets(sha256(content.toString('binary')))),
    attribute(OID_SIGNING_CERTIFICATE_V2, signingCertificate),
  ].sort((a, b) => (der(a) < der(b) ? -1 : 1)); // DER orders a SET OF by encoding
  const md = forge.md.sha256.create().update(der(set(attributes)));
  const signerInfo = seq([
    integer(asn1.integerToDer(1).getBytes()),
    seq([pki.distinguishedNameToAsn1(certificate.issuer), integer(forge.util.hexToBytes(certificate.serialNumber))]),
    algorithm(pki.oids.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    algorithm(pki.oids.rsaEncryption),
    octets(key.sign(md)),
  ]);
  const signedData = seq([
    integer(asn1.integerToDer(1).getBytes()),
    set([algorithm(pki.oids.sha256)]),
    seq([oid(pki.oids.data)]),
    asn1.create(
      asn1.Class.CONTEXT_SPECIFIC,
      0,
      true,
      chain.map((c) => pki.certificateToAsn1(c)),
    ),
    set([signerInfo]),
  ]);
  return Buffer.from(der(seq([oid(pki.oids.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])])), 'binary');
}

/** Adds the signature dictionary and its (invisible) field to the document, before it is saved. */
export async function addSignaturePlaceholder(doc: PDFDocument, signing: SigningKey, certNo: string, signingTime: Date): Promise<void> {
  const { pdflibAddPlaceholder } = await import('@signpdf/placeholder-pdf-lib');
  pdflibAddPlaceholder({
    pdfDoc: doc,
    // PDF text strings here take Latin-1 only: the reason names the certificate by its number
    reason: `Credit grade certificate ${certNo}`,
    contactInfo: '',
    name: signing.signerName.replace(/[^\x20-\x7e]/g, '') || 'XYPJ',
    location: '',
    signingTime,
    subFilter: PADES_SUB_FILTER,
    appName: 'xypj-admin',
  });
}

/** Fills the placeholder of a saved PDF with the CAdES signature over its ByteRange (through @signpdf/signpdf). */
export async function signSavedPdf(pdf: Uint8Array, signing: SigningKey): Promise<Buffer> {
  const { SignPdf, Signer } = await import('@signpdf/signpdf');
  class CadesSigner extends Signer {
    override async sign(content: Buffer): Promise<Buffer> {
      return cadesDetached(content, signing);
    }
  }
  return new SignPdf().sign(Buffer.from(pdf), new CadesSigner());
}
