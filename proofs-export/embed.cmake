# Writes OUT, a C++ file holding the Coq support library (the .v files in
# DIR named by FILES, ','-separated) as string literals, so that the
# exporter can copy it into every export directory.
file(WRITE ${OUT} "// Generated from proofs-export/coq by embed.cmake; do not edit.\n#include \"support.hpp\"\n\nnamespace mapsound::coq {\n\nconst std::vector<SupportFile>& support_files() {\n    static const std::vector<SupportFile> files = {\n")
string(REPLACE "," ";" FILES "${FILES}")
foreach(f ${FILES})
  file(READ ${DIR}/${f} text)
  string(FIND "${text}" ")coq\"" bad)
  if(NOT bad EQUAL -1)
    message(FATAL_ERROR "${DIR}/${f} contains the raw string delimiter )coq\"")
  endif()
  file(APPEND ${OUT} "        {\"${f}\", R\"coq(${text})coq\"},\n")
endforeach()
file(APPEND ${OUT} "    };\n    return files;\n}\n\n}  // namespace mapsound::coq\n")
