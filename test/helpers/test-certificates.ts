// Certificates minted by the tests, as a real certificate authority would sign them: a CA of the test's own, and
// leaf certificates for a host name with any validity (expired, expiring in 5 days) or for another host, plus a
// self-signed one. Keys are ECDSA P-256 (fast to make). PEM out, for a real TLS server on loopback.
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as Crypto);

const DAY = 86_400_000;
const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export interface MintedCertificate {
  /** The certificate, PEM. */
  cert: string;
  /** Its private key, PKCS #8 PEM. */
  key: string;
}

export interface TestAuthority extends MintedCertificate {
  /** A certificate for `hosts` (DNS names or IP addresses), valid from `from` until `until` (epoch ms). */
  issue(hosts: readonly string[], validity?: { from?: number; until?: number }): Promise<MintedCertificate>;
}

let serial = 1;

function nextSerial(): string {
  serial += 1;
  return serial.toString(16).padStart(16, '0');
}

async function pemKey(keys: CryptoKeyPair): Promise<string> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey as webcrypto.CryptoKey);
  const body = Buffer.from(pkcs8).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
}

function generateKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

function alternativeNames(hosts: readonly string[]): x509.SubjectAlternativeNameExtension {
  return new x509.SubjectAlternativeNameExtension(hosts.map((host): x509.JsonGeneralName => (/^[\d.]+$|:/.test(host) ? { type: 'ip', value: host } : { type: 'dns', value: host })));
}

/** A CA of the test's own; trust it where the test decides (`tls.setDefaultCACertificates`, or a request's `ca`). */
export async function testAuthority(name = 'Vigil Test CA', now = Date.now()): Promise<TestAuthority> {
  const keys = await generateKeys();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: `CN=${name}`,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 3650 * DAY),
    keys,
    signingAlgorithm: algorithm,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  return {
    cert: ca.toString('pem'),
    key: await pemKey(keys),
    async issue(hosts, validity = {}) {
      const leafKeys = await generateKeys();
      const leaf = await x509.X509CertificateGenerator.create({
        serialNumber: nextSerial(),
        subject: `CN=${hosts[0] ?? 'localhost'}`,
        issuer: ca.subject,
        notBefore: new Date(validity.from ?? now - DAY),
        notAfter: new Date(validity.until ?? now + 90 * DAY),
        publicKey: leafKeys.publicKey,
        signingKey: keys.privateKey,
        signingAlgorithm: algorithm,
        extensions: [alternativeNames(hosts), new x509.BasicConstraintsExtension(false, undefined, true), new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth])],
      });
      return { cert: leaf.toString('pem'), key: await pemKey(leafKeys) };
    },
  };
}

/** A certificate for `hosts` signed by its own key: what a device's built-in web server often has. */
export async function selfSigned(hosts: readonly string[], validity: { from?: number; until?: number } = {}, now = Date.now()): Promise<MintedCertificate> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: `CN=${hosts[0] ?? 'localhost'}`,
    notBefore: new Date(validity.from ?? now - DAY),
    notAfter: new Date(validity.until ?? now + 90 * DAY),
    keys,
    signingAlgorithm: algorithm,
    extensions: [alternativeNames(hosts)],
  });
  return { cert: cert.toString('pem'), key: await pemKey(keys) };
}
