// SPDX-License-Identifier: GPL-3.0-or-later
#include "testpki.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSslSocket>

namespace tribunal::test {
namespace {

// Our own configuration, so the system's openssl.cnf (its default extensions) cannot change the certificates.
constexpr char kConfig[] = R"([req]
distinguished_name = dn
prompt = no
[dn]
CN = placeholder
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[localhost]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost
[other]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:other.invalid
)";

bool openssl(const QDir& dir, const QStringList& arguments, QString* error)
{
    QProcess process;
    process.setWorkingDirectory(dir.path());
    process.start(QStringLiteral("openssl"), arguments);
    if (!process.waitForStarted()) {
        *error = QStringLiteral("openssl not found (the TLS tests need the openssl command): %1")
                     .arg(process.errorString());
        return false;
    }
    if (!process.waitForFinished(60'000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        *error = QStringLiteral("openssl %1 failed: %2")
                     .arg(arguments.join(QLatin1Char(' ')),
                          QString::fromLocal8Bit(process.readAllStandardError()).trimmed());
        return false;
    }
    return true;
}

QStringList newKey(const QString& name)
{
    return {QStringLiteral("-newkey"),    QStringLiteral("ec"),
            QStringLiteral("-pkeyopt"),   QStringLiteral("ec_paramgen_curve:prime256v1"),
            QStringLiteral("-nodes"),     QStringLiteral("-keyout"),
            name + QStringLiteral(".key")};
}

std::optional<TlsIdentity> readIdentity(const QDir& dir, const QString& name, const QSslCertificate* issuer,
                                        QString* error)
{
    QFile certFile(dir.filePath(name + QStringLiteral(".crt")));
    QFile keyFile(dir.filePath(name + QStringLiteral(".key")));
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read the certificate or key openssl wrote").arg(name);
        return std::nullopt;
    }
    TlsIdentity identity;
    identity.chain = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    identity.key = QSslKey(keyFile.readAll(), QSsl::Ec, QSsl::Pem);
    if (identity.chain.size() != 1 || identity.key.isNull()) {
        *error = QStringLiteral("%1: Qt cannot load the certificate or key openssl wrote").arg(name);
        return std::nullopt;
    }
    if (issuer)
        identity.chain.append(*issuer);
    return identity;
}

} // namespace

std::optional<TestPki> makeTestPki(const QString& path, QString* error)
{
    if (!QSslSocket::supportsSsl()) {
        *error =
            QStringLiteral("Qt has no TLS backend (active backend: '%1')").arg(QSslSocket::activeBackend());
        return std::nullopt;
    }
    const QDir dir(path);
    QFile config(dir.filePath(QStringLiteral("pki.cnf")));
    if (!config.open(QIODevice::WriteOnly) || config.write(kConfig) != qint64(sizeof kConfig - 1)) {
        *error = QStringLiteral("cannot write %1").arg(config.fileName());
        return std::nullopt;
    }
    config.close();
    const QStringList req{QStringLiteral("req"), QStringLiteral("-config"), QStringLiteral("pki.cnf")};
    const QStringList days{QStringLiteral("-days"), QStringLiteral("2")};
    const auto selfSigned = [&](const QString& name, const QString& subject, const QString& extensions) {
        return openssl(dir,
                       req + QStringList{QStringLiteral("-x509")} + newKey(name) + days +
                           QStringList{QStringLiteral("-subj"), subject, QStringLiteral("-extensions"),
                                       extensions, QStringLiteral("-out"), name + QStringLiteral(".crt")},
                       error);
    };
    const auto signedByCa = [&](const QString& name, const QString& subject, const QString& extensions,
                                const QString& serial) {
        return openssl(dir,
                       req + QStringList{QStringLiteral("-new")} + newKey(name) +
                           QStringList{QStringLiteral("-subj"), subject, QStringLiteral("-out"),
                                       name + QStringLiteral(".csr")},
                       error) &&
               openssl(dir,
                       QStringList{QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
                                   name + QStringLiteral(".csr"), QStringLiteral("-CA"),
                                   QStringLiteral("ca.crt"), QStringLiteral("-CAkey"),
                                   QStringLiteral("ca.key"), QStringLiteral("-set_serial"), serial} +
                           days +
                           QStringList{QStringLiteral("-extfile"), QStringLiteral("pki.cnf"),
                                       QStringLiteral("-extensions"), extensions, QStringLiteral("-out"),
                                       name + QStringLiteral(".crt")},
                       error);
    };
    if (!selfSigned(QStringLiteral("ca"), QStringLiteral("/CN=Tribunal test CA"), QStringLiteral("ca")) ||
        !signedByCa(QStringLiteral("localhost"), QStringLiteral("/CN=localhost"), QStringLiteral("localhost"),
                    QStringLiteral("2")) ||
        !signedByCa(QStringLiteral("other"), QStringLiteral("/CN=other.invalid"), QStringLiteral("other"),
                    QStringLiteral("3")) ||
        !selfSigned(QStringLiteral("self"), QStringLiteral("/CN=localhost"), QStringLiteral("localhost")))
        return std::nullopt;

    const auto ca = readIdentity(dir, QStringLiteral("ca"), nullptr, error);
    if (!ca)
        return std::nullopt;
    TestPki pki;
    pki.ca = ca->chain.front();
    const auto localhost = readIdentity(dir, QStringLiteral("localhost"), &pki.ca, error);
    const auto other = localhost ? readIdentity(dir, QStringLiteral("other"), &pki.ca, error) : std::nullopt;
    const auto self = other ? readIdentity(dir, QStringLiteral("self"), nullptr, error) : std::nullopt;
    if (!self)
        return std::nullopt;
    pki.localhost = *localhost;
    pki.otherHost = *other;
    pki.selfSigned = *self;
    return pki;
}

} // namespace tribunal::test
