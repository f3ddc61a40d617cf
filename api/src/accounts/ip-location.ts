// The country of a network address, from an offline database that ships with its npm package (the
// registries' whois data joined with ASN data, CC0; refreshed by updating the package, whose version is its
// date). No request leaves the machine, and a lookup is a few microseconds once the file is open.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import { Reader, type CountryResponse } from 'maxmind';

/** This database's record: a bare country code (the reader's types know only the GeoIP2 shapes, all optional). */
interface CountryRecord extends CountryResponse {
  readonly country_code?: string;
}

const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

let reader: Reader<CountryRecord> | null = null;
/** Opened on first use (~20 ms, 15 MB), not at start: most processes never ask. */
function database(): Reader<CountryRecord> {
  reader ??= new Reader<CountryRecord>(readFileSync(createRequire(import.meta.url).resolve(DATABASE)));
  return reader;
}

/**
 * The two-letter country of a public address; null for an address that places nobody: private, loopback,
 * link-local, reserved or documentation ranges (a request from the same machine or a private network), or
 * one the database does not know. The caller then falls back to the device's time zone.
 */
export function countryOfAddress(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.range() !== 'unicast') return null;
  const country = database().get(parsed.toString())?.country_code;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
