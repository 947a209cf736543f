// libpq, PostgreSQL's client library, from Debian's libpq-dev: the team database's connection.
#include <postgresql/libpq-fe.h>
