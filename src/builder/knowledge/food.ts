/** Recipes. */
import type { RegistryConcept } from './types.js';

const RECIPE = ['Recipe'];

export const FOOD: RegistryConcept[] = [
  {
    id: 'ingredients',
    names: ['ingredients', 'ingredient', 'ingredient_list', 'recipe_ingredients', 'ingredientes', 'ingredienten', 'ingredient_en', 'zutaten', 'ingredienti', 'skladniki'],
    labels: ['ingredients', 'ingredientes', 'ingrediënten', 'ingredienten', 'benodigdheden', 'zutaten', 'ingrédients', 'ingredienti', 'składniki'],
    schema: [{ types: RECIPE, path: 'recipeIngredient' }, { types: RECIPE, path: 'ingredients' }],
    microdata: ['recipeIngredient', 'ingredients'],
    anchors: ['ingredient', 'ingredients', 'ingrediente', 'ingredienten', 'zutaten', 'ingredienti'],
    shape: 'list',
    many: true,
    amountFirst: true,
  },
  {
    id: 'instructions',
    names: ['instructions', 'steps', 'directions', 'method', 'preparation', 'instrucciones', 'preparacion', 'bereiding', 'zubereitung', 'preparation_steps', 'preparazione', 'modo_de_preparo', 'przygotowanie'],
    labels: ['instructions', 'directions', 'method', 'steps', 'preparation', 'instrucciones', 'preparación', 'elaboración', 'bereiding', 'bereidingswijze', 'zubereitung',
      'préparation', 'preparazione', 'procedimento', 'modo de preparo', 'przygotowanie'],
    schema: [{ types: RECIPE, path: 'recipeInstructions.text' }, { types: RECIPE, path: 'recipeInstructions.itemListElement.text' }, { types: RECIPE, path: 'recipeInstructions' }],
    microdata: ['recipeInstructions'],
    anchors: ['instruction', 'instructions', 'directions', 'method', 'steps', 'preparation'],
    shape: 'list',
    many: true,
  },
  {
    id: 'yields',
    names: ['yields', 'yield', 'servings', 'serves', 'portions', 'recipe_yield', 'number_of_servings', 'raciones', 'porciones', 'personas', 'comensales', 'porties',
      'personen', 'portionen', 'portions', 'personnes', 'porzioni', 'porcoes', 'porcje'],
    labels: ['yield', 'yields', 'servings', 'serves', 'makes', 'portions', 'raciones', 'porciones', 'comensales', 'personas', 'rendimiento', 'porties', 'personen',
      'aantal personen', 'portionen', 'für', 'personnes', 'pour', 'porzioni', 'dosi per', 'porções', 'rende', 'porcje', 'liczba porcji',
      'portioner', 'antal portioner', 'antal', 'personer', 'porsjoner', 'antall', 'annosta', 'annokset', 'порции', 'порций', 'kişilik', 'doses', 'pessoas', 'rendimento'],
    schema: [{ types: RECIPE, path: 'recipeYield' }, { types: RECIPE, path: 'yield' }],
    microdata: ['recipeYield'],
    anchors: ['yield', 'servings', 'serves', 'portions', 'raciones', 'porciones', 'comensales', 'porties', 'personen', 'portionen'],
    shape: 'yield',
  },
  {
    id: 'total_time',
    names: ['total_time', 'time', 'duration', 'ready_in', 'tiempo_total', 'tiempo', 'totale_tijd', 'bereidingstijd', 'gesamtzeit', 'temps_total', 'tempo_totale', 'tempo_total', 'czas'],
    labels: ['total time', 'total', 'ready in', 'time', 'tiempo total', 'tiempo', 'duración', 'totale tijd', 'tijd', 'bereidingstijd', 'gesamtzeit', 'zeit', 'temps total',
      'durée', 'tempo totale', 'tempo', 'tempo total', 'czas', 'czas przygotowania',
      // sv, da, no, fi, cs, ru, tr
      'total tid', 'tid', 'tillagningstid', 'tid i alt', 'samlet tid', 'tilberedningstid', 'kokonaisaika', 'aika', 'valmistusaika', 'celkový čas', 'čas', 'общее время',
      'время', 'toplam süre', 'süre'],
    schema: [{ types: RECIPE, path: 'totalTime' }],
    microdata: ['totalTime'],
    anchors: ['total-time', 'totaltime', 'total_time', 'ready-in', 'duration', 'tijd', 'bereidingstijd', 'gesamtzeit', 'tiempo'],
    shape: 'duration',
  },
  {
    id: 'prep_time',
    names: ['prep_time', 'preparation_time', 'tiempo_de_preparacion', 'voorbereidingstijd', 'vorbereitungszeit', 'zubereitungszeit', 'temps_de_preparation', 'tempo_di_preparazione', 'tempo_de_preparo'],
    labels: ['prep time', 'prep', 'preparation time', 'preparation', 'active time', 'hands-on time', 'tiempo de preparación', 'preparación', 'voorbereidingstijd',
      'voorbereiding', 'vorbereitungszeit', 'zubereitungszeit', 'arbeitszeit', 'temps de préparation', 'préparation', 'tempo di preparazione', 'preparazione',
      'tempo de preparo', 'preparo', 'czas przygotowania', 'förberedelsetid', 'förberedelse', 'forberedelsestid', 'forberedelse', 'esivalmistelu',
      'время подготовки', 'hazırlık süresi', 'hazırlık'],
    schema: [{ types: RECIPE, path: 'prepTime' }],
    microdata: ['prepTime'],
    anchors: ['prep-time', 'preptime', 'prep_time', 'preparation-time'],
    shape: 'duration',
  },
  {
    id: 'cook_time',
    names: ['cook_time', 'cooking_time', 'bake_time', 'tiempo_de_coccion', 'kooktijd', 'bereidingstijd_oven', 'kochzeit', 'backzeit', 'temps_de_cuisson', 'tempo_di_cottura', 'tempo_de_cozimento'],
    labels: ['cook time', 'cooking time', 'cook', 'bake time', 'baking time', 'tiempo de cocción', 'cocción', 'kooktijd', 'baktijd', 'oventijd', 'kochzeit', 'backzeit',
      'garzeit', 'temps de cuisson', 'cuisson', 'tempo di cottura', 'cottura', 'tempo de cozimento', 'cozimento', 'czas gotowania', 'czas pieczenia',
      'koktid', 'ugnstid', 'kogetid', 'bagetid', 'ovntid', 'koketid', 'steketid', 'kypsennysaika', 'paistoaika', 'pişirme süresi'],
    schema: [{ types: RECIPE, path: 'cookTime' }],
    microdata: ['cookTime'],
    anchors: ['cook-time', 'cooktime', 'cook_time', 'cooking-time', 'bake-time'],
    shape: 'duration',
  },
  {
    id: 'calories',
    names: ['calories', 'kcal', 'energy', 'calorias', 'calorieen', 'kalorien', 'calorie', 'kalorie'],
    labels: ['calories', 'kcal', 'energy', 'calorías', 'calorieën', 'kalorien', 'énergie', 'calorie', 'kalorie'],
    schema: [{ types: RECIPE, path: 'nutrition.calories' }],
    microdata: ['nutrition.calories', 'calories'],
    anchors: ['calories', 'kcal', 'nutrition'],
    shape: 'text',
  },
  {
    id: 'cuisine',
    names: ['cuisine', 'cocina', 'keuken', 'kuche', 'cucina', 'cozinha', 'kuchnia'],
    labels: ['cuisine', 'cocina', 'keuken', 'küche', 'cucina', 'cozinha', 'kuchnia'],
    schema: [{ types: RECIPE, path: 'recipeCuisine' }],
    microdata: ['recipeCuisine'],
    anchors: ['cuisine'],
    shape: 'text',
  },
  {
    id: 'course',
    names: ['course', 'meal_type', 'dish_type', 'recipe_category', 'plato', 'gang', 'gang_type', 'gericht', 'plat', 'portata'],
    labels: ['course', 'category', 'meal type', 'plato', 'categoría', 'gang', 'gerecht', 'gericht', 'plat', 'portata'],
    schema: [{ types: RECIPE, path: 'recipeCategory' }],
    microdata: ['recipeCategory'],
    anchors: ['course', 'recipe-category'],
    shape: 'text',
  },
];

/**
 * Words that name a page's kind rather than its entity: titles written "Arretjescake – Recept"
 * or "Banana bread | Recipe" name the dish before the tag. Keyed by the schema.org type of the
 * page's main entity.
 */
export const KIND_WORDS: Record<string, string[]> = {
  Recipe: ['recipe', 'recipes', 'recept', 'recepten', 'rezept', 'rezepte', 'recette', 'recettes', 'receta', 'recetas', 'ricetta', 'ricette', 'receita', 'receitas',
    'przepis', 'opskrift', 'oppskrift', 'resepti', 'recepty', 'рецепт', 'tarif', 'tarifi'],
};
