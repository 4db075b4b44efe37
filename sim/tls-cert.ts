// A self-signed certificate for 127.0.0.1, made at runtime with node:crypto (a minimal X.509
// DER encoder), so no private key is committed and nothing expires in the repository.
// kubectl needs it: client-go only sends credentials over TLS.
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const seq = (...c: Buffer[]) => der(0x30, ...c);

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : der(0x18, Buffer.from(`${iso}Z`));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return seq(oid(id), ...(critical ? [der(0x01, Buffer.from([0xff]))] : []), der(0x04, value));
}

export interface SelfSignedCert {
  /** PEM certificate: the server's certificate and the CA to trust. */
  cert: string;
  key: string;
}

let cached: SelfSignedCert | undefined;

/** One certificate per process (CN "config-rollout sim", SAN 127.0.0.1 and localhost, 10 years). */
export function selfSignedCert(): SelfSignedCert {
  if (cached) return cached;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const spki = publicKey.export({ type: "spki", format: "der" });
  const ecdsaSha256 = seq(oid("1.2.840.10045.4.3.2"));
  const name = seq(der(0x31, seq(oid("2.5.4.3"), der(0x0c, Buffer.from("config-rollout sim")))));
  const serial = randomBytes(16);
  // Positive (top bit clear) and minimal DER: a leading zero byte would be "illegal padding" to
  // OpenSSL, so the first byte is never 0.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaSha256,
    name,
    seq(time(new Date(now - 3600_000)), time(new Date(now + 10 * 365 * 86400_000))),
    name,
    spki,
    der(
      0xa3,
      seq(
        extension("2.5.29.19", true, seq(der(0x01, Buffer.from([0xff])))),
        extension("2.5.29.15", true, der(0x03, Buffer.from([0x02, 0x84]))),
        extension("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.1"))),
        extension(
          "2.5.29.17",
          false,
          seq(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from("localhost"))),
        ),
        extension("2.5.29.14", false, der(0x04, createHash("sha1").update(spki).digest())),
      ),
    ),
  );
  const signature = sign("sha256", tbs, privateKey);
  const certDer = seq(tbs, ecdsaSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certDer.toString("base64").match(/.{1,64}/g) ?? [];
  cached = {
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
  return cached;
}
