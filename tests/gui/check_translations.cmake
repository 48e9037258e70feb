# Issue 12: a German catalogue (the GUI's, or the CLI's) is complete. lupdate runs over the sources the build translates (the list in
# SOURCES_LIST, with the options of widgets/CMakeLists.txt) into a copy of TS; the test fails when that changes
# the copy (a message new in the sources or gone from them: `cmake --build build --target update_translations`
# and translate), or when TS holds an unfinished or empty translation.
get_filename_component(name ${TS} NAME)
set(copy ${OUT_DIR}/${name})
file(MAKE_DIRECTORY ${OUT_DIR})
file(COPY_FILE ${TS} ${copy})
# INCLUDE: where lupdate finds the headers the sources include by folder ("framework/mainwindow.h"), so that it
# knows each class's namespace (the translation context).
set(include_options)
if(DEFINED INCLUDE)
    set(include_options -I ${INCLUDE})
endif()
execute_process(COMMAND ${LUPDATE} -locations none -no-obsolete ${include_options} @${SOURCES_LIST} -ts ${copy}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${rc}): ${out} ${err}")
endif()
file(READ ${TS} committed)
file(READ ${copy} updated)
if(NOT committed STREQUAL updated)
    message(FATAL_ERROR "lupdate changes ${TS}: the sources' messages differ from the catalogue's. "
                        "lupdate said: ${out} ${err}")
endif()
string(REGEX MATCHALL "type=\"unfinished\"" unfinished "${committed}")
string(REGEX MATCHALL "<translation></translation>|<numerusform></numerusform>" empty "${committed}")
list(LENGTH unfinished unfinishedCount)
list(LENGTH empty emptyCount)
if(unfinishedCount GREATER 0 OR emptyCount GREATER 0)
    message(FATAL_ERROR "${TS}: ${unfinishedCount} unfinished and ${emptyCount} empty translations")
endif()
string(REGEX MATCHALL "<message[ >]" messages "${committed}")
list(LENGTH messages messageCount)
message(STATUS "${TS}: ${messageCount} messages, all translated and finished; lupdate: ${out}")
