#include "framework/workspace.h"

#include "framework/auditsession.h"

namespace tribunal {

Workspace::Workspace(AuditSession* session, QObject* parent) : QObject(parent)
{
    if (session != nullptr)
        session->addWorkspace(this);
}

} // namespace tribunal
