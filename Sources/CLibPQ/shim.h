// libpq, PostgreSQL's client library, from Debian's libpq-dev: the team database's connection.
// It is not linked: libpq and the two dozen libraries it needs (TLS, Kerberos, LDAP) would load
// at the start of every command, a file's too. ExpenseStore's LibPQ opens it when a team database
// is first opened and finds each function it calls by name, as a pointer of the type below.
#include <postgresql/libpq-fe.h>

#define EXPENSES_LIBPQ_FUNCTION(name) typedef __typeof__(name) *expenses_##name;
EXPENSES_LIBPQ_FUNCTION(PQconnectdbParams)
EXPENSES_LIBPQ_FUNCTION(PQstatus)
EXPENSES_LIBPQ_FUNCTION(PQfinish)
EXPENSES_LIBPQ_FUNCTION(PQserverVersion)
EXPENSES_LIBPQ_FUNCTION(PQsetNoticeReceiver)
EXPENSES_LIBPQ_FUNCTION(PQerrorMessage)
EXPENSES_LIBPQ_FUNCTION(PQconnectionNeedsPassword)
EXPENSES_LIBPQ_FUNCTION(PQexec)
EXPENSES_LIBPQ_FUNCTION(PQexecParams)
EXPENSES_LIBPQ_FUNCTION(PQsendQueryParams)
EXPENSES_LIBPQ_FUNCTION(PQresultStatus)
EXPENSES_LIBPQ_FUNCTION(PQcmdTuples)
EXPENSES_LIBPQ_FUNCTION(PQresultErrorField)
EXPENSES_LIBPQ_FUNCTION(PQresultErrorMessage)
EXPENSES_LIBPQ_FUNCTION(PQputCopyData)
EXPENSES_LIBPQ_FUNCTION(PQputCopyEnd)
EXPENSES_LIBPQ_FUNCTION(PQgetResult)
EXPENSES_LIBPQ_FUNCTION(PQtransactionStatus)
EXPENSES_LIBPQ_FUNCTION(PQclear)
EXPENSES_LIBPQ_FUNCTION(PQsocket)
EXPENSES_LIBPQ_FUNCTION(PQconsumeInput)
EXPENSES_LIBPQ_FUNCTION(PQnotifies)
EXPENSES_LIBPQ_FUNCTION(PQfreemem)
EXPENSES_LIBPQ_FUNCTION(PQntuples)
EXPENSES_LIBPQ_FUNCTION(PQnfields)
EXPENSES_LIBPQ_FUNCTION(PQfname)
EXPENSES_LIBPQ_FUNCTION(PQgetvalue)
EXPENSES_LIBPQ_FUNCTION(PQgetlength)
EXPENSES_LIBPQ_FUNCTION(PQgetisnull)
EXPENSES_LIBPQ_FUNCTION(PQftype)
#undef EXPENSES_LIBPQ_FUNCTION
