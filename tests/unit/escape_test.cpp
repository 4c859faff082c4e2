#include <gtest/gtest.h>

#include "report/escape.h"
#include "report/table.h"

namespace slidedb {
namespace {

TEST(JsonString, InvalidUtf8BecomesReplacementCharacters) {
    // A Latin-1 byte, a stray continuation byte, an overlong '/', a UTF-16
    // surrogate, a sequence cut short at the end.
    EXPECT_EQ(json_string("caf\xe9"), "\"caf\xef\xbf\xbd\"");
    EXPECT_EQ(json_string("\x80"), "\"\xef\xbf\xbd\"");
    EXPECT_EQ(json_string("\xc0\xaf"), "\"\xef\xbf\xbd\xef\xbf\xbd\"");
    EXPECT_EQ(json_string("\xed\xa0\x80"), "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
    EXPECT_EQ(json_string("a\xe2\x82"), "\"a\xef\xbf\xbd\xef\xbf\xbd\"");
}

TEST(JsonString, ValidUtf8AndEscapesStay) {
    EXPECT_EQ(json_string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\xa7\xa9"), "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\xa7\xa9\"");
    EXPECT_EQ(json_string(std::string("q\"b\\n\n\t\x1b\x7f\0", 10)), "\"q\\\"b\\\\n\\n\\t\\u001b\\u007f\\u0000\"");
}

TEST(JsonNumber, OnlyWhatJsonAccepts) {
    for (const char* yes : {"0", "-0", "7", "-12", "0.5", "1e+20", "2.5E-3", "123456789012345"})
        EXPECT_TRUE(is_json_number(yes)) << yes;
    for (const char* no : {"", "-", "inf", "-inf", "nan", "01", "1.", ".5", "1e", "0x10", "+1", "1 "})
        EXPECT_FALSE(is_json_number(no)) << no;
}

TEST(Visible, ControlCharactersAndBadBytesAreEscaped) {
    EXPECT_EQ(visible("red\x1b[31m\tx\r"), "red\\x1b[31m\\tx\\r");
    EXPECT_EQ(visible("a\nb"), "a\nb");
    EXPECT_EQ(visible("caf\xc3\xa9"), "caf\xc3\xa9");
    EXPECT_EQ(visible("caf\xe9 \x7f"), "caf\\xe9 \\x7f");
    EXPECT_EQ(visible("csi\xc2\x9b"), "csi\\u009b");  // C1 control, as UTF-8
}

TEST(MarkdownCell, MarkupIsEscaped) {
    EXPECT_EQ(markdown_cell("<script>a|b`c`&\\</script>"),
              "&lt;script&gt;a\\|b\\`c\\`&amp;\\\\&lt;/script&gt;");
    EXPECT_EQ(markdown_cell("two\nlines"), "two<br>lines");
}

TEST(TableStream, ChunksPrintAsOneTable) {
    Table first{{"n", "name"}, {{"1", "a"}}, {true, false}};
    Table second{{"n", "name"}, {{"22", "bb"}, {"3", "c,d"}}, {true, false}};
    for (Format f : {Format::Table, Format::Markdown, Format::Csv, Format::Json}) {
        std::string out;
        TableStream s(f, [&out](std::string_view t) { out += t; });
        s.add(first);
        s.add(second);
        s.finish();
        switch (f) {
            case Format::Table: EXPECT_EQ(out, "n  name\n-  ----\n1  a\n22  bb\n3  c,d\n"); break;
            case Format::Markdown:
                EXPECT_EQ(out, "| n | name |\n| ---: | --- |\n| 1 | a |\n| 22 | bb |\n| 3 | c,d |\n");
                break;
            case Format::Csv: EXPECT_EQ(out, "n,name\r\n1,a\r\n22,bb\r\n3,\"c,d\"\r\n"); break;
            case Format::Json:
                EXPECT_EQ(out, "[\n {\"n\": 1, \"name\": \"a\"},\n {\"n\": 22, \"name\": \"bb\"},\n"
                               " {\"n\": 3, \"name\": \"c,d\"}\n]\n");
                break;
        }
    }
}

TEST(TableStream, EmptyResultStillHasItsHeader) {
    Table none{{"a"}, {}, {false}};
    EXPECT_EQ(format_table(none, Format::Json), "[]\n");
    EXPECT_EQ(format_table(none, Format::Csv), "a\r\n");
    EXPECT_EQ(format_table(none, Format::Table), "a\n-\n");
}

}  // namespace
}  // namespace slidedb
