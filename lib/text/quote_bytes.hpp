// Showing raw source bytes inside an error message.
#pragma once

#include <string>
#include <string_view>

namespace mapsound::text {

// 'text' in single quotes, control and non-ASCII bytes as \xNN, cut after
// 40 bytes with "...": the fuzzed or binary inputs the parsers must survive
// would otherwise print control bytes or flood the message.
std::string quote_bytes(std::string_view text);

}  // namespace mapsound::text
