#include "judges/judgeeditdialog.h"

#include "framework/panelparts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tribunal {
namespace {

QDoubleSpinBox* doubleBox(QWidget* parent, double lo, double hi, int decimals, double step)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(lo, hi);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    return box;
}

QSpinBox* intBox(QWidget* parent, int lo, int hi)
{
    auto* box = new QSpinBox(parent);
    box->setRange(lo, hi);
    return box;
}

bool isEnvName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return pattern.match(name).hasMatch();
}

} // namespace

JudgeEditDialog::JudgeEditDialog(QWidget* parent)
    : QDialog(parent), m_name(new QLineEdit(this)), m_url(new QLineEdit(this)), m_model(new QLineEdit(this)),
      m_temperature(doubleBox(this, 0, 2, 2, 0.1)), m_maxTokens(intBox(this, 1, 1000000)),
      m_effort(new QComboBox(this)), m_priceIn(doubleBox(this, 0, 1e6, 4, 0.1)),
      m_priceOut(doubleBox(this, 0, 1e6, 4, 0.1)), m_inFlight(intBox(this, 1, 256)),
      m_rate(doubleBox(this, 0, 10000, 2, 1)), m_timeout(doubleBox(this, 1, 3600, 1, 10)),
      m_retries(intBox(this, 0, 100)), m_logprobs(new QCheckBox(tr("Ask for log-probabilities"), this)),
      m_keyEnv(new QLineEdit(this)), m_keyStatus(wrappedLabel(this)), m_error(wrappedLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Judge"));
    m_name->setPlaceholderText(tr("e.g. gpt-4o-direct"));
    m_url->setPlaceholderText(QStringLiteral("https://api.openai.com/v1"));
    m_url->setToolTip(tr("OpenAI-compatible endpoint; requests go to <base URL>/chat/completions."));
    m_model->setPlaceholderText(tr("the endpoint's model id"));
    m_effort->addItem(tr("none"), QString());
    m_effort->addItem(tr("low"), QStringLiteral("low"));
    m_effort->addItem(tr("medium"), QStringLiteral("medium"));
    m_effort->addItem(tr("high"), QStringLiteral("high"));
    m_effort->setToolTip(tr("Sent as reasoning_effort unless it is none."));
    m_priceIn->setSuffix(tr(" USD"));
    m_priceOut->setSuffix(tr(" USD"));
    m_rate->setSpecialValueText(tr("no limit"));
    m_timeout->setSuffix(tr(" s"));
    m_keyEnv->setPlaceholderText(QStringLiteral("OPENAI_API_KEY"));
    m_keyEnv->setToolTip(tr("The NAME of the environment variable that holds the API key. The key itself is "
                            "read when a run starts and is never saved."));
    m_error->setObjectName(QStringLiteral("judgeEditError"));
    m_error->setVisible(false);
    // The error is the one thing in red; keep it readable on dark palettes too.
    m_error->setStyleSheet(QStringLiteral("color: #d03030;"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("Base &URL:"), m_url);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("&Temperature:"), m_temperature);
    form->addRow(tr("Max &tokens:"), m_maxTokens);
    form->addRow(tr("Reasoning &effort:"), m_effort);
    form->addRow(tr("Price &in per million tokens:"), m_priceIn);
    form->addRow(tr("Price &out per million tokens:"), m_priceOut);
    form->addRow(tr("Requests in &flight:"), m_inFlight);
    form->addRow(tr("Requests per &second:"), m_rate);
    form->addRow(tr("Time&out per attempt:"), m_timeout);
    form->addRow(tr("Max &retries:"), m_retries);
    form->addRow(QString(), m_logprobs);
    form->addRow(tr("API &key variable:"), m_keyEnv);
    form->addRow(QString(), m_keyStatus);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &JudgeEditDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_keyEnv, &QLineEdit::textChanged, this, &JudgeEditDialog::updateKeyStatus);

    setConfig(JudgeConfig());
}

void JudgeEditDialog::setConfig(const JudgeConfig& config)
{
    m_name->setText(config.name);
    m_url->setText(config.baseUrl.toString());
    m_model->setText(config.model);
    m_temperature->setValue(config.temperature);
    m_maxTokens->setValue(config.maxTokens);
    const int effort = m_effort->findData(config.reasoningEffort);
    m_effort->setCurrentIndex(effort < 0 ? 0 : effort);
    m_priceIn->setValue(config.priceInPerMTok);
    m_priceOut->setValue(config.priceOutPerMTok);
    m_inFlight->setValue(config.requestsInFlight);
    m_rate->setValue(config.requestsPerSecond);
    m_timeout->setValue(config.timeoutS);
    m_retries->setValue(config.maxRetries);
    m_logprobs->setChecked(config.logprobs);
    m_keyEnv->setText(config.apiKeyEnv);
    updateKeyStatus();
}

JudgeConfig JudgeEditDialog::config() const
{
    JudgeConfig config;
    config.name = m_name->text().trimmed();
    config.baseUrl = QUrl(m_url->text().trimmed(), QUrl::StrictMode);
    config.model = m_model->text().trimmed();
    config.temperature = m_temperature->value();
    config.maxTokens = m_maxTokens->value();
    config.reasoningEffort = m_effort->currentData().toString();
    config.priceInPerMTok = m_priceIn->value();
    config.priceOutPerMTok = m_priceOut->value();
    config.requestsInFlight = m_inFlight->value();
    config.requestsPerSecond = m_rate->value();
    config.timeoutS = m_timeout->value();
    config.maxRetries = m_retries->value();
    config.logprobs = m_logprobs->isChecked();
    config.apiKeyEnv = m_keyEnv->text().trimmed();
    return config;
}

QString JudgeEditDialog::validationError() const
{
    const JudgeConfig judge = config();
    if (judge.name.isEmpty())
        return tr("The judge needs a name.");
    if (m_taken.contains(judge.name))
        return tr("A judge named \"%1\" exists already.").arg(judge.name);
    const QString scheme = judge.baseUrl.scheme();
    if (!judge.baseUrl.isValid() || judge.baseUrl.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return tr("The base URL must be an http:// or https:// address with a host, like "
                  "https://api.openai.com/v1.");
    if (judge.model.isEmpty())
        return tr("The judge needs a model id.");
    if (!judge.apiKeyEnv.isEmpty() && !isEnvName(judge.apiKeyEnv))
        return tr("The API key variable must be the name of an environment variable (letters, digits and "
                  "underscores, not starting with a digit), not the key itself.");
    // Whatever else core would refuse when the configuration is read back from the project.
    QString error;
    if (!judgeConfigFromJson(judgeConfigToJson(judge), &error))
        return tr("The configuration is not valid: %1").arg(error);
    return {};
}

void JudgeEditDialog::accept()
{
    const QString error = validationError();
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->setVisible(true);
        return;
    }
    m_error->clear();
    m_error->setVisible(false);
    QDialog::accept();
}

QString JudgeEditDialog::keyStatusText(const QString& envName)
{
    const QString name = envName.trimmed();
    if (name.isEmpty())
        return tr("No key is sent.");
    if (!isEnvName(name))
        return tr("Not an environment variable name.");
    // Only whether the variable has a value: the key is never read into the GUI.
    if (qEnvironmentVariableIsEmpty(name.toLocal8Bit().constData()))
        return tr("%1 is not set.").arg(name);
    return tr("Key found in %1.").arg(name);
}

void JudgeEditDialog::updateKeyStatus()
{
    m_keyStatus->setText(keyStatusText(m_keyEnv->text()));
}

} // namespace tribunal
