# Writes OUT, a C++ file defining 'const std::string& FUNCTION()' in
# NAMESPACE that returns the text of the file IN, so that data the library
# needs at run time (lib/exec/vocabulary.cat) is built into it.
file(READ ${IN} text)
string(FIND "${text}" ")embed\"" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw string delimiter )embed\"")
endif()
file(WRITE ${OUT} "// Generated from ${IN} by embed_text.cmake; do not edit.\n#include <string>\n\nnamespace ${NAMESPACE} {\n\nconst std::string& ${FUNCTION}() {\n    static const std::string text = R\"embed(${text})embed\";\n    return text;\n}\n\n}  // namespace ${NAMESPACE}\n")
