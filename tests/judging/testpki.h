// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A throw-away public-key infrastructure for TLS tests, made by the `openssl` command in a directory the test
// owns: a test CA, two server certificates it signs (for "localhost" and for "other.invalid") and a
// self-signed certificate for "localhost". Elliptic-curve keys (P-256), valid for two days from now.
// A client trusts the CA only where a test hands it to its CurlMulti (CurlMulti::setExtraCaCertificates).

#include <QList>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>

#include <optional>

namespace tribunal::test {

struct TlsIdentity {
    QList<QSslCertificate> chain; ///< leaf first
    QSslKey key;
};

struct TestPki {
    QSslCertificate ca;
    TlsIdentity localhost;  ///< signed by ca, subjectAltName DNS:localhost
    TlsIdentity otherHost;  ///< signed by ca, subjectAltName DNS:other.invalid
    TlsIdentity selfSigned; ///< self-signed, subjectAltName DNS:localhost
};

/// Makes the certificates in `dir` (which must exist). Null with *error when Qt has no TLS backend, when
/// `openssl` cannot be started ("openssl not found: ...") or when a command fails (its arguments and stderr).
std::optional<TestPki> makeTestPki(const QString& dir, QString* error);

} // namespace tribunal::test
