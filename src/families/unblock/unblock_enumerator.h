// The Unblock family's enumerator: the public Rush Hour enumeration
// (enumeration.h) and the link to it (cluster_representative.h) as the
// Enumerator interface gives them to the rest of slidedb.
#pragma once

#include "puzzle/enumerator.h"

namespace slidedb {

const Enumerator& unblock_enumerator();

}  // namespace slidedb
