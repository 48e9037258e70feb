#pragma once
// Adds or edits one judge of the Judges dock (issue 8, workbench.md "Judges panel"): name, base URL, model,
// temperature, max tokens, reasoning effort, prices, requests in flight and per second, timeout, retries,
// logprobs and the NAME of the environment variable that holds the API key. The key itself is never asked
// for, shown or stored: a live line says only whether that variable is set ("key found" / "not set").
//
// OK checks the fields (validationError()); on a problem the dialog stays open, shows the reason in
// errorLabel() and changes nothing. Whoever opened it reads config() after accepted(). GUI thread only.

#include "judging/judgeconfig.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tribunal {

class JudgeEditDialog : public QDialog {
    Q_OBJECT
public:
    explicit JudgeEditDialog(QWidget* parent = nullptr);

    /// Fills the fields from `config`.
    void setConfig(const JudgeConfig& config);
    /// The judge the fields describe (valid only when validationError() is empty).
    JudgeConfig config() const;
    /// Names of the other judges: the name must differ from all of them.
    void setTakenNames(const QStringList& names) { m_taken = names; }

    /// "" when the fields make a judge, else the first problem, e.g. "The judge needs a name." or
    /// "The base URL must be an http:// or https:// address with a host, like https://api.openai.com/v1."
    QString validationError() const;

    /// Accepts only valid fields; otherwise shows validationError() in errorLabel() and stays open.
    void accept() override;

    /// "Key found in OPENAI_API_KEY." / "OPENAI_API_KEY is not set." / "No key is sent." (empty name) /
    /// "Not an environment variable name." for `envName` now; never the key.
    static QString keyStatusText(const QString& envName);

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* urlEdit() const { return m_url; }
    QLineEdit* modelEdit() const { return m_model; }
    QDoubleSpinBox* temperatureBox() const { return m_temperature; }
    QSpinBox* maxTokensBox() const { return m_maxTokens; }
    /// Items: none, low, medium, high (item data: "", "low", "medium", "high").
    QComboBox* effortBox() const { return m_effort; }
    QDoubleSpinBox* priceInBox() const { return m_priceIn; }
    QDoubleSpinBox* priceOutBox() const { return m_priceOut; }
    QSpinBox* inFlightBox() const { return m_inFlight; }
    QDoubleSpinBox* rateBox() const { return m_rate; }
    QDoubleSpinBox* timeoutBox() const { return m_timeout; }
    QSpinBox* retriesBox() const { return m_retries; }
    QCheckBox* logprobsBox() const { return m_logprobs; }
    QLineEdit* keyEnvEdit() const { return m_keyEnv; }
    QLabel* keyStatusLabel() const { return m_keyStatus; }
    QLabel* errorLabel() const { return m_error; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void updateKeyStatus();

    QLineEdit* m_name;
    QLineEdit* m_url;
    QLineEdit* m_model;
    QDoubleSpinBox* m_temperature;
    QSpinBox* m_maxTokens;
    QComboBox* m_effort;
    QDoubleSpinBox* m_priceIn;
    QDoubleSpinBox* m_priceOut;
    QSpinBox* m_inFlight;
    QDoubleSpinBox* m_rate;
    QDoubleSpinBox* m_timeout;
    QSpinBox* m_retries;
    QCheckBox* m_logprobs;
    QLineEdit* m_keyEnv;
    QLabel* m_keyStatus;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
    QStringList m_taken;
};

} // namespace tribunal
