// The header of an Inspect AI log (its `eval` spec: the task, the evaluated model, the graders) and the judge
// of each score (see inspectlogreader.h).

#include "io/harness/inspectlogreader.h"
#include "io/jsonvaluetext.h"

namespace tribunal {

namespace dom = simdjson::dom;

bool InspectLogReader::readHeader(dom::object header, InspectLocator& where, std::size_t start)
{
    m_where = &where;
    m_start = start;
    auto fail = [&](std::string field, std::string reason) {
        m_log.fatal({where.name(), lineOf(field), field, std::move(reason)});
        return false;
    };
    dom::element version;
    if (header["version"].get(version))
        return fail("version", "required key is missing");
    if (version.type() != dom::element_type::INT64 || version.get_int64().value_unsafe() < 1 ||
        version.get_int64().value_unsafe() > 2)
        return fail("version", jsonForMessage(version) + " is not a log version this reader knows (1 or 2)");
    dom::object eval;
    if (header["eval"].get(eval))
        return fail("eval", "required key is missing or not an object");
    for (auto [key, out] : {std::pair{"task", &m_eval.task}, std::pair{"model", &m_eval.model}}) {
        std::string_view text;
        if (eval[key].get(text) || text.empty())
            return fail(std::string("eval.") + key, "required string is missing or empty");
        out->assign(text);
    }
    dom::object roles;
    if (!eval["model_roles"].get(roles))
        for (dom::key_value_pair role : roles) {
            std::string_view model;
            if (role.value.type() == dom::element_type::OBJECT && !objectOf(role.value)["model"].get(model))
                m_eval.roleModel.emplace(std::string(role.key), std::string(model));
        }
    dom::array scorers;
    if (!eval["scorers"].get(scorers))
        for (dom::element scorer : scorers) {
            std::string_view name, model, role;
            dom::object options;
            if (scorer["name"].get(name) || scorer["options"].get(options))
                continue;
            if (options["model"].get(model) && !options["model_role"].get(role)) {
                const auto it = m_eval.roleModel.find(std::string(role));
                if (it != m_eval.roleModel.end())
                    model = it->second;
            }
            if (model.empty())
                continue;
            // Scores are keyed by the scorer's unqualified name (`model_graded_qa`, not
            // `pkg/model_graded_qa`).
            m_eval.scorerModel.emplace(std::string(name), std::string(model));
            if (const auto slash = name.rfind('/'); slash != std::string_view::npos)
                m_eval.scorerModel.emplace(std::string(name.substr(slash + 1)), std::string(model));
        }
    return true;
}

StrId InspectLogReader::judgeOf(std::string_view scorer, const dom::element* metadata)
{
    // 1. The grader the log's configuration names: the scorer's `model` argument, or the model bound to its
    //    `model_role` (upstream: an explicit model comes before the role).
    if (const auto it = m_eval.scorerModel.find(std::string(scorer)); it != m_eval.scorerModel.end())
        return m_builder.intern(it->second);
    // A score with a grading transcript (model_graded_qa/_fact write `metadata.grading`) came from a model.
    dom::array grading;
    const bool graded =
        metadata && metadata->type() == dom::element_type::OBJECT && !(*metadata)["grading"].get(grading);
    if (!graded) // 4. No model (match, includes, a custom scorer): the scorer is the judge.
        return m_builder.intern(scorer);
    // 2. The model bound to the `grader` role, the role model_graded_* use unless told otherwise.
    if (const auto it = m_eval.roleModel.find("grader"); it != m_eval.roleModel.end())
        return m_builder.intern(it->second);
    // 3. The model the grader's reply names (the served model id, e.g. `gpt-4o-2024-08-06`), else the
    //    evaluated model, which upstream grades with when no grader role is bound.
    std::string_view model;
    for (dom::element message : grading) {
        std::string_view role, named;
        if (message.type() == dom::element_type::OBJECT && !message["role"].get(role) &&
            role == "assistant" && !message["model"].get(named) && !named.empty())
            model = named;
    }
    return m_builder.intern(model.empty() ? std::string_view(m_eval.model) : model);
}

} // namespace tribunal
