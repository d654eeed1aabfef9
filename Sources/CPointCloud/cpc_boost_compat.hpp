// Clang 20+ (Swift 6.3's clang is 21) rejects Boost 1.74's MPL when it instantiates
// `integral_c<E, first_enumerator>` for an enum without a fixed underlying type: the wrapper's
// `prior` member computes `E(value - 1)`, outside the enum's range, and that is now a hard
// error (-Wenum-constexpr-conversion can no longer be disabled). PCL's io headers reach it
// through boost::numeric_cast.
//
// This header declares Boost.NumericConversion's three mixture enums with a fixed underlying
// type (`int`), under the same include guards, before any Boost header is seen. The
// enumerators, their values and their names are Boost's; only the underlying type is fixed,
// which makes `value - 1` representable. It must be included before any PCL or Boost header.
#pragma once

#ifndef BOOST_NUMERIC_CONVERSION_INT_FLOAT_MIXTURE_ENUM_FLC_12NOV2002_HPP
#define BOOST_NUMERIC_CONVERSION_INT_FLOAT_MIXTURE_ENUM_FLC_12NOV2002_HPP
namespace boost { namespace numeric {
enum int_float_mixture_enum : int { integral_to_integral, integral_to_float, float_to_integral, float_to_float };
} } // namespace boost::numeric
#endif

#ifndef BOOST_NUMERIC_CONVERSION_SIGN_MIXTURE_ENUM_FLC_12NOV2002_HPP
#define BOOST_NUMERIC_CONVERSION_SIGN_MIXTURE_ENUM_FLC_12NOV2002_HPP
namespace boost { namespace numeric {
enum sign_mixture_enum : int { unsigned_to_unsigned, signed_to_signed, signed_to_unsigned, unsigned_to_signed };
} } // namespace boost::numeric
#endif

#ifndef BOOST_NUMERIC_CONVERSION_UDT_BUILTIN_MIXTURE_ENUM_FLC_12NOV2002_HPP
#define BOOST_NUMERIC_CONVERSION_UDT_BUILTIN_MIXTURE_ENUM_FLC_12NOV2002_HPP
namespace boost { namespace numeric {
enum udt_builtin_mixture_enum : int { builtin_to_builtin, builtin_to_udt, udt_to_builtin, udt_to_udt };
} } // namespace boost::numeric
#endif
