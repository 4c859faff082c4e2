// The web app's data: URLs: base64 as RFC 4648 gives it (its test vectors),
// padding included, and bytes of every value.
#include <gtest/gtest.h>

#include <string>

#include "serve/data_url.h"

namespace slidedb::serve {
namespace {

TEST(DataUrl, EncodesTheRfc4648Vectors) {
    const std::string head = "data:text/plain;base64,";
    EXPECT_EQ(data_url("text/plain", ""), head);
    EXPECT_EQ(data_url("text/plain", "f"), head + "Zg==");
    EXPECT_EQ(data_url("text/plain", "fo"), head + "Zm8=");
    EXPECT_EQ(data_url("text/plain", "foo"), head + "Zm9v");
    EXPECT_EQ(data_url("text/plain", "foob"), head + "Zm9vYg==");
    EXPECT_EQ(data_url("text/plain", "fooba"), head + "Zm9vYmE=");
    EXPECT_EQ(data_url("text/plain", "foobar"), head + "Zm9vYmFy");
}

TEST(DataUrl, EncodesHighBytes) {
    EXPECT_EQ(data_url("image/png", std::string("\x89PNG\r\n\x1a\n", 8)), "data:image/png;base64,iVBORw0KGgo=");
    EXPECT_EQ(data_url("a/b", std::string("\xff\xfe\x00", 3)), "data:a/b;base64,//4A");
}

}  // namespace
}  // namespace slidedb::serve
