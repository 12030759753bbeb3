/**
 * Acronyms of the field that the catalogue's texts use without spelling them out (issue: acronyms of
 * the field). Search treats an acronym and its expansion as the same words, both ways; pairs spelt out
 * in the catalogue ("Cross-Site Scripting (XSS)") are learned when the search index is refreshed and
 * need no entry here. Each entry names where its expansion is defined.
 */
export interface CuratedAcronym {
  /** Lower case letters and digits. */
  acronym: string;
  /** Lower case words, as a search would spell them. */
  expansion: string;
  /** Where the expansion is defined. */
  source: string;
}

const NIST_GLOSSARY = 'NIST Computer Security Resource Center Glossary (csrc.nist.gov/glossary)';

export const CURATED_ACRONYMS: readonly CuratedAcronym[] = [
  { acronym: 'iam', expansion: 'identity and access management', source: NIST_GLOSSARY },
  { acronym: 'mfa', expansion: 'multi factor authentication', source: NIST_GLOSSARY },
  { acronym: 'xss', expansion: 'cross site scripting', source: 'OWASP Top 10 (owasp.org)' },
  { acronym: 'csrf', expansion: 'cross site request forgery', source: 'OWASP Top 10 (owasp.org)' },
  { acronym: 'sqli', expansion: 'sql injection', source: 'OWASP Top 10 (owasp.org)' },
  { acronym: 'ddos', expansion: 'distributed denial of service', source: NIST_GLOSSARY },
  { acronym: 'dos', expansion: 'denial of service', source: NIST_GLOSSARY },
  { acronym: 'ids', expansion: 'intrusion detection system', source: NIST_GLOSSARY },
  { acronym: 'ips', expansion: 'intrusion prevention system', source: NIST_GLOSSARY },
  { acronym: 'siem', expansion: 'security information and event management', source: NIST_GLOSSARY },
  { acronym: 'vpn', expansion: 'virtual private network', source: NIST_GLOSSARY },
  { acronym: 'pki', expansion: 'public key infrastructure', source: NIST_GLOSSARY },
  { acronym: 'tls', expansion: 'transport layer security', source: NIST_GLOSSARY },
  { acronym: 'dns', expansion: 'domain name system', source: NIST_GLOSSARY },
  { acronym: 'arp', expansion: 'address resolution protocol', source: 'IETF RFC 826' },
  { acronym: 'tcp', expansion: 'transmission control protocol', source: 'IETF RFC 9293' },
  { acronym: 'aes', expansion: 'advanced encryption standard', source: 'NIST FIPS 197' },
  { acronym: 'rsa', expansion: 'rivest shamir adleman', source: NIST_GLOSSARY },
  { acronym: 'apt', expansion: 'advanced persistent threat', source: NIST_GLOSSARY },
  { acronym: 'osint', expansion: 'open source intelligence', source: NIST_GLOSSARY },
  { acronym: 'rbac', expansion: 'role based access control', source: NIST_GLOSSARY },
  {
    acronym: 'cve',
    expansion: 'common vulnerabilities and exposures',
    source: 'MITRE CVE Program (cve.org)',
  },
  { acronym: 'soc', expansion: 'security operations center', source: NIST_GLOSSARY },
  { acronym: 'ics', expansion: 'industrial control system', source: NIST_GLOSSARY },
];
